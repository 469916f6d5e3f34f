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
    <Paper
      radius={0}
      px={{ base: 'sm', sm: 'md', lg: 'xl' }}
      py="sm"
      bg="orange.0"
      style={{ borderBottom: '1px solid var(--mantine-color-orange-2)' }}
    >
      {/* The button moves under the text when both do not fit on one line; it is never cut. */}
      <Group justify="space-between" gap="sm" role="status">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <IconMailExclamation size={22} color="var(--mantine-color-orange-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('banner.validate', { email: user.email })}
          </Text>
        </Group>
        <Button
          size="xs"
          // Orange text on white reads below WCAG AA's 4.5:1 at this size (axe, issue 20).
          variant="default"
          ml="auto"
          style={{ flexShrink: 0 }}
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
