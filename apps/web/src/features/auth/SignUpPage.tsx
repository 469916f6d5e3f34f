import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS } from '@plankurier/shared';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSignUp } from '../../api/use-user-mutations';
import { usePageTitle } from '../../components/use-page-title';
import { emailProblemKey, newPasswordProblemKey } from '../../forms/field-problems';
import { fieldForError } from '../../forms/field-error-for';
import { usePasswordRepeatRule, useTranslatedRule } from '../../forms/use-translated-rule';
import { currentLocale } from '../../i18n';
import { errorText } from '../../notifications/error-text';
import { AuthCard } from './AuthCard';
import { FormError } from './FormError';

export default function SignUpPage() {
  const { t } = useTranslation();
  usePageTitle(t('signup.title'));
  const location = useLocation();
  const rule = useTranslatedRule();
  const repeat = usePasswordRepeatRule();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    initialValues: { firstName: '', lastName: '', company: '', email: '', password: '', passwordRepeat: '' },
    validate: {
      email: rule(emailProblemKey),
      password: rule(newPasswordProblemKey),
      passwordRepeat: repeat('password'),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signUp.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        company: values.company.trim(),
        locale: currentLocale(),
      },
      {
        onError: (err) => {
          const field = fieldForError(err, {
            'auth.email_taken': 'email',
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
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label={t('form.firstName')}
              autoComplete="given-name"
              autoFocus
              {...form.getInputProps('firstName')}
            />
            <TextInput label={t('form.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('form.company')} autoComplete="organization" {...form.getInputProps('company')} />
          <TextInput label={t('form.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label={t('form.password')} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label={t('form.passwordRepeat')}
            autoComplete="new-password"
            {...form.getInputProps('passwordRepeat')}
          />
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            {t('signup.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            <Trans
              i18nKey="signup.termsNote"
              components={{
                terms: <Anchor component={Link} to={PATHS.terms} size="xs" underline="always" />,
                privacy: <Anchor component={Link} to={PATHS.privacy} size="xs" underline="always" />,
              }}
            />
          </Text>
          <Group justify="center" gap={4}>
            <Text size="sm" c="dimmed">
              {t('signup.hasAccount')}
            </Text>
            <Anchor component={Link} to={PATHS.signin} state={location.state as unknown} size="sm">
              {t('signup.toSignin')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
