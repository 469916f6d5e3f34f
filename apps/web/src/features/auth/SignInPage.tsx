import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS } from '@plankurier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSignIn } from '../../api/use-user-mutations';
import { usePageTitle } from '../../components/use-page-title';
import { emailProblemKey, requiredPasswordProblemKey } from '../../forms/field-problems';
import { useTranslatedRule } from '../../forms/use-translated-rule';
import { errorText } from '../../notifications/error-text';
import { AuthCard } from './AuthCard';
import { FormError } from './FormError';
import { SessionEndNotice } from './SessionEndNotice';

export default function SignInPage() {
  const { t } = useTranslation();
  usePageTitle(t('signin.title'));
  const location = useLocation();
  const rule = useTranslatedRule();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: rule(emailProblemKey), password: rule(requiredPasswordProblemKey) },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onError: (err) => setFormError(errorText(err)),
      },
    );
  });

  return (
    <AuthCard title={t('signin.title')} subtitle={t('signin.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SessionEndNotice />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('form.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
              {t('signin.forgot')}
            </Anchor>
          </Group>
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={signIn.isPending}>
            {t('signin.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('signin.noAccount')}{' '}
            <Anchor component={Link} to={PATHS.signup} state={location.state as unknown} size="sm" underline="always">
              {t('signin.toSignup')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
