import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { fieldForError } from '../../forms/field-error-for';
import { newPasswordProblemKey, requiredPasswordProblemKey } from '../../forms/field-problems';
import { usePasswordRepeatRule, useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { FormSection } from '../../components/FormSection';

/** A new password; the answer carries a new token because all older ones are revoked. */
export function ChangePasswordTab() {
  const { t } = useTranslation();
  const rule = useTranslatedRule();
  const repeat = usePasswordRepeatRule();
  const update = useUpdateUser();

  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', passwordRepeat: '' },
    validate: {
      currentPassword: rule(requiredPasswordProblemKey),
      newPassword: rule(newPasswordProblemKey),
      passwordRepeat: repeat('newPassword'),
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      { updateType: 'UPDATE_PASSWORD', currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess('message_account_reset_password_success');
        },
        onError: (err) => {
          const field = fieldForError(err, {
            'auth.wrong_password': 'currentPassword',
            'auth.password_required': 'newPassword',
            'auth.password_too_short': 'newPassword',
            'auth.password_too_common': 'newPassword',
            'auth.password_like_account': 'newPassword',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else notifyError(err);
        },
      },
    );
  });

  return (
    <FormSection title={t('account.tabs.change_password')} description={t('account.password.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <PasswordInput
            label={t('account.password.current')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('account.password.new')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('form.passwordRepeat')}
            autoComplete="new-password"
            {...form.getInputProps('passwordRepeat')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}
