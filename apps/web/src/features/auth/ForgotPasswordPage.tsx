import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS } from '@plankurier/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../../api/use-user-mutations';
import { usePageTitle } from '../../components/use-page-title';
import { emailProblemKey } from '../../forms/field-problems';
import { useTranslatedRule } from '../../forms/use-translated-rule';
import { AuthCard } from './AuthCard';

/** Requests a reset mail; the answer never tells whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('forgot.title'));
  const rule = useTranslatedRule();
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);

  const form = useForm({ initialValues: { email: '' }, validate: { email: rule(emailProblemKey) } });

  const submit = form.onSubmit((values) => {
    requestReset.mutate(values.email.trim(), { onSettled: () => setSent(true) });
  });

  return (
    <AuthCard title={t('forgot.title')} subtitle={sent ? undefined : t('forgot.intro')}>
      <Stack gap="md">
        {sent ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {t('forgot.sent')}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('form.email')}
                type="email"
                autoComplete="email"
                autoFocus
                {...form.getInputProps('email')}
              />
              <Button type="submit" fullWidth loading={requestReset.isPending}>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Text ta="center" size="sm">
          <Anchor component={Link} to={PATHS.signin} size="sm">
            {t('forgot.back')}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
