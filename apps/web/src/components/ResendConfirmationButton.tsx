import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useResendWelcome } from '../api/use-user-mutations';
import { notifyError, notifySuccess } from '../notifications/notify';

/**
 * Mails the account's confirmation link again, where a send was refused because the account is not
 * confirmed yet (account.email_unconfirmed): the way out is right beside the refusal.
 */
export function ResendConfirmationButton() {
  const { t } = useTranslation();
  const resend = useResendWelcome();
  return (
    <Button
      size="xs"
      variant="default"
      mt="xs"
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
  );
}
