import { Button, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OfficeRole } from '@plankurier/shared';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInvite } from '../../../api/use-office';
import { fieldForError } from '../../../forms/field-error-for';
import { emailProblemKey } from '../../../forms/field-problems';
import { useTranslatedRule } from '../../../forms/use-translated-rule';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { roleChoices } from '../../office/office-rules';

/** Invites a person by e-mail with a role; the link in the mail is valid for seven days. */
export function InviteForm({ role, disabled }: { role: OfficeRole; disabled: boolean }) {
  const { t } = useTranslation();
  const rule = useTranslatedRule();
  const invite = useInvite();
  const form = useForm({
    initialValues: { email: '', role: 'member' as OfficeRole },
    validate: { email: rule(emailProblemKey) },
  });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    invite.mutate(
      { email, role: values.role },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess('office.invite.sent', { email });
        },
        onError: (err) => {
          const field = fieldForError(err, {
            'office.already_member': 'email',
            'common.validation': 'email',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else notifyError(err);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('office.invite.email')}
          placeholder={t('office.invite.emailPlaceholder')}
          type="email"
          autoComplete="off"
          disabled={disabled}
          style={{ flex: '1 1 16rem' }}
          {...form.getInputProps('email')}
        />
        <Select
          label={t('office.invite.role')}
          data={roleChoices(role).map((value) => ({ value, label: t(`office.roles.${value}`) }))}
          allowDeselect={false}
          disabled={disabled}
          style={{ flex: '0 1 12rem' }}
          {...form.getInputProps('role')}
        />
        <Button type="submit" leftSection={<IconSend size={16} />} loading={invite.isPending} disabled={disabled}>
          {t('office.invite.submit')}
        </Button>
      </Group>
    </form>
  );
}
