import { Alert, Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { canManageBilling, parseVatId, type User } from '@plankurier/shared';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { FormSection } from '../../components/FormSection';
import { LinkLifetimeSection } from './LinkLifetimeSection';
import { fieldForError } from '../../forms/field-error-for';
import { useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { notifyError, notifySuccess } from '../../notifications/notify';

const officeValues = (user: User) => ({
  company: user.company,
  streetName: user.streetName,
  streetNumber: user.streetNumber,
  cityCode: user.cityCode,
  cityName: user.cityName,
  vatId: user.vatId,
});

/** The server's rule (an EU VAT ID, or none), with its text, before the form is sent. */
const vatIdProblemKey = (value: string): string | null =>
  value.trim() === '' || parseVatId(value) ? null : 'msg.office.vat_id_invalid';

/**
 * 'Büro': the company (sender of the office's plan e-mails) and the billing address. Owners change
 * them; everyone else reads them, since they appear on every mail and invoice of the office.
 */
export function OfficeTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const editable = user.role !== null && canManageBilling(user.role);
  const rule = useTranslatedRule();
  const form = useForm({ initialValues: officeValues(user), validate: { vatId: rule(vatIdProblemKey) } });
  const { setValues, resetDirty, isDirty } = form;
  // An owner changed the office (live): show it, unless this person is typing.
  const shown = JSON.stringify(officeValues(user));
  useEffect(() => {
    if (isDirty()) return;
    setValues(officeValues(user));
    resetDirty(officeValues(user));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` stands for the office's values
  }, [shown]);
  const field = (name: keyof ReturnType<typeof officeValues>) => ({
    ...form.getInputProps(name),
    readOnly: !editable,
    variant: editable ? undefined : 'filled',
  });

  const submit = form.onSubmit((values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
    update.mutate(
      { updateType: 'UPDATE_PROFILE', ...trimmed },
      {
        onSuccess: (saved) => {
          form.setInitialValues(officeValues(saved));
          form.setValues(officeValues(saved));
          notifySuccess('message_account_update_data_success');
        },
        onError: (err: unknown) => {
          if (fieldForError(err, { 'office.vat_id_invalid': 'vatId' } as const))
            form.setFieldError('vatId', errorText(err));
          else notifyError(err);
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {editable ? null : (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              {t('account.office.readOnly')}
            </Alert>
          )}
          <FormSection title={t('account.office.companyTitle')}>
            <TextInput
              label={t('form.company')}
              description={t('account.data.companyHint')}
              autoComplete="organization"
              {...field('company')}
            />
          </FormSection>
          <FormSection title={t('account.data.billing')}>
            {/* Street and number, postcode and town: side by side from sm on, one under the other on phones. */}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput label={t('account.data.streetName')} autoComplete="address-line1" {...field('streetName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('account.data.streetNumber')} {...field('streetNumber')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('account.data.cityCode')} autoComplete="postal-code" {...field('cityCode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput label={t('account.data.cityName')} autoComplete="address-level2" {...field('cityName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label={t('account.data.vatId')}
                  description={t('account.data.vatIdHint')}
                  placeholder="DE123456788"
                  autoCapitalize="characters"
                  spellCheck={false}
                  {...field('vatId')}
                />
              </Grid.Col>
            </Grid>
          </FormSection>
          {editable ? (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      <LinkLifetimeSection user={user} />
    </Stack>
  );
}
