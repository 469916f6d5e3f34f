import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@plankurier/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { fieldForError } from '../../forms/field-error-for';
import { emailProblemKey, requiredPasswordProblemKey } from '../../forms/field-problems';
import { useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { FormSection } from '../../components/FormSection';

/** A new sign-in address; it must be confirmed through the mail sent to it. */
export function ChangeEmailTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const rule = useTranslatedRule();
  const update = useUpdateUser();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: rule(emailProblemKey), password: rule(requiredPasswordProblemKey) },
  });

  const submit = form.onSubmit((values) => {
    setSentTo(null);
    update.mutate(
      { updateType: 'UPDATE_EMAIL', email: values.email.trim(), password: values.password },
      {
        onSuccess: (saved) => {
          form.reset();
          setSentTo(saved.email);
          notifySuccess('message_account_update_data_success');
        },
        onError: (err) => {
          const field = fieldForError(err, { 'auth.wrong_password': 'password', 'auth.email_taken': 'email' } as const);
          if (field) form.setFieldError(field, errorText(err));
          else notifyError(err);
        },
      },
    );
  });

  return (
    <FormSection title={t('account.tabs.change_email')} description={t('account.email.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <Text size="sm">{t('account.email.current', { email: user.email })}</Text>
          {sentTo ? (
            <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
              {t('account.email.sent', { email: sentTo })}
            </Alert>
          ) : null}
          <TextInput
            label={t('account.email.new')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('account.email.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('account.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}
