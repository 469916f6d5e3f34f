import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { optionalEmailProblemKey } from '../../forms/field-problems';
import { useTranslatedRule } from '../../forms/use-translated-rule';
import { switchUiLocale } from '../../i18n';
import { isLocale } from '../../i18n/resolve-locale';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { FormSection } from '../../components/FormSection';
import { MailAddressState } from './MailAddressState';

/** The two addresses a person may add, each used only once its owner confirmed it. */
const ADDRESSES = [
  { address: 'bcc', field: 'bccEmail', state: 'bccState' },
  { address: 'replyTo', field: 'replyToEmail', state: 'replyToState' },
] as const;

/** Limits of the QR defaults, as in the shared schema. */
const QR_LIMITS = { x: [0, 2000], y: [0, 2000], width: [5, 200] } as const;

const settingsValues = (user: User) => ({
  locale: user.locale as string,
  bccEmail: user.bccEmail,
  replyToEmail: user.replyToEmail,
  qrX: user.qrDefaults.x as number | string,
  qrY: user.qrDefaults.y as number | string,
  qrWidth: user.qrDefaults.width as number | string,
  qrAutoEmbed: user.qrDefaults.autoEmbed,
  qrHasBorder: user.qrDefaults.hasBorder,
});

/** Language, reply addresses and the default QR code settings. */
export function UserSettingsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const rule = useTranslatedRule();
  const update = useUpdateUser();

  const inRange = (limits: readonly [number, number]) => (value: number | string) =>
    typeof value === 'number' && value >= limits[0] && value <= limits[1]
      ? null
      : t('account.settings.numberRange', { min: limits[0], max: limits[1] });

  const form = useForm({
    initialValues: settingsValues(user),
    validate: {
      bccEmail: rule(optionalEmailProblemKey),
      replyToEmail: rule(optionalEmailProblemKey),
      qrX: inRange(QR_LIMITS.x),
      qrY: inRange(QR_LIMITS.y),
      qrWidth: inRange(QR_LIMITS.width),
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      {
        updateType: 'UPDATE_PROFILE',
        locale: isLocale(values.locale) ? values.locale : user.locale,
        bccEmail: values.bccEmail.trim(),
        replyToEmail: values.replyToEmail.trim(),
        qrDefaults: {
          x: Number(values.qrX),
          y: Number(values.qrY),
          width: Number(values.qrWidth),
          autoEmbed: values.qrAutoEmbed,
          hasBorder: values.qrHasBorder,
        },
      },
      {
        onSuccess: (saved) => {
          form.setInitialValues(settingsValues(saved));
          // the toast speaks the language just chosen
          void switchUiLocale(saved.locale).then(() => notifySuccess('message_account_update_data_success'));
        },
        onError: notifyError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t('account.settings.general')}>
          <Stack gap="md" maw={480}>
            <NativeSelect
              label={t('account.settings.language')}
              data={[
                { value: 'de', label: t('common.languages.de') },
                { value: 'en', label: t('common.languages.en') },
              ]}
              {...form.getInputProps('locale')}
            />
            {ADDRESSES.map(({ address, field, state }) => (
              <Stack key={address} gap={6}>
                <TextInput
                  label={t(`account.settings.${field}`)}
                  description={t(`account.settings.${field}Hint`)}
                  type="email"
                  {...form.getInputProps(field)}
                />
                <MailAddressState
                  address={address}
                  email={user[field]}
                  state={user[state]}
                  edited={form.values[field].trim().toLowerCase() !== user[field].toLowerCase()}
                  accountConfirmed={user.validated}
                />
              </Stack>
            ))}
          </Stack>
        </FormSection>
        <FormSection title={t('account.settings.qr')} description={t('account.settings.qrHint')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NumberInput
                label={t('account.settings.qrX')}
                min={QR_LIMITS.x[0]}
                max={QR_LIMITS.x[1]}
                decimalScale={1}
                {...form.getInputProps('qrX')}
              />
              <NumberInput
                label={t('account.settings.qrY')}
                min={QR_LIMITS.y[0]}
                max={QR_LIMITS.y[1]}
                decimalScale={1}
                {...form.getInputProps('qrY')}
              />
              <NumberInput
                label={t('account.settings.qrWidth')}
                min={QR_LIMITS.width[0]}
                max={QR_LIMITS.width[1]}
                decimalScale={1}
                {...form.getInputProps('qrWidth')}
              />
            </SimpleGrid>
            <Switch
              label={t('account.settings.qrAutoEmbed')}
              {...form.getInputProps('qrAutoEmbed', { type: 'checkbox' })}
            />
            <Switch
              label={t('account.settings.qrHasBorder')}
              {...form.getInputProps('qrHasBorder', { type: 'checkbox' })}
            />
          </Stack>
        </FormSection>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
