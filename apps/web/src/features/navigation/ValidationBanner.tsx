import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useResendWelcome } from '../../api/use-user-mutations';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { useCurrentUser } from '../../session/use-session';

/** Under the nav bar until the account's e-mail is confirmed; disappears live when another tab confirms it. */
export function ValidationBanner() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const resend = useResendWelcome();
  if (!user || user.validated) return null;

  return (
    <Paper radius={0} px="xl" py="sm" bg="orange.0" style={{ borderBottom: '1px solid var(--mantine-color-orange-2)' }}>
      <Group justify="space-between" gap="md" wrap="nowrap" role="status">
        <Group gap="sm" wrap="nowrap">
          <IconMailExclamation size={22} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm">{t('banner.validate', { email: user.email })}</Text>
        </Group>
        <Button
          size="xs"
          variant="white"
          color="orange"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => notifySuccess('message_resend_welcome_success'),
              onError: notifyError,
            })
          }
        >
          {t('banner.resend')}
        </Button>
      </Group>
    </Paper>
  );
}
