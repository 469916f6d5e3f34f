import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS } from '@plankurier/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useResetPassword } from '../../api/use-user-mutations';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { fieldForError } from '../../forms/field-error-for';
import { newPasswordProblemKey } from '../../forms/field-problems';
import { usePasswordRepeatRule, useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { AuthCard } from './AuthCard';
import { FormError } from './FormError';

/** Sets a new password with the code from the reset mail. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('reset.title'));
  const { code = '' } = useParams();
  const rule = useTranslatedRule();
  const repeat = usePasswordRepeatRule();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { password: '', passwordRepeat: '' },
    validate: {
      password: rule(newPasswordProblemKey),
      passwordRepeat: repeat('password'),
    },
  });

  if (resetPassword.isSuccess) {
    return (
      <StatusPanel
        icon={<IconCircleCheck size={30} />}
        color="green"
        title={t('reset.title')}
        action={
          <Button component={Link} to={PATHS.signin}>
            {t('common.toSignIn')}
          </Button>
        }
      >
        {t('reset.success')}
      </StatusPanel>
    );
  }

  const submit = form.onSubmit((values) => {
    setFormError(null);
    resetPassword.mutate(
      { code, password: values.password },
      {
        onError: (err) => {
          // A password the server refuses is said at the field; a used or expired link above the button.
          const field = fieldForError(err, {
            'auth.password_required': 'password',
            'auth.password_too_short': 'password',
            'auth.password_too_common': 'password',
            'auth.password_like_account': 'password',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else setFormError(errorText(err));
        },
      },
    );
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('reset.password')}
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('form.passwordRepeat')}
            autoComplete="new-password"
            {...form.getInputProps('passwordRepeat')}
          />
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
