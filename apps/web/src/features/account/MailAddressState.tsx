import { Badge, Button, Group, Text } from '@mantine/core';
import type { MailAddressState as State } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useRequestMailAddressConfirmation } from '../../api/use-user-mutations';
import { notifyError, notifySuccess } from '../../notifications/notify';

interface Props {
  address: 'bcc' | 'replyTo';
  /** The saved address and where it stands; nothing shows while the field holds an unsaved change. */
  email: string;
  state: State;
  edited: boolean;
  accountConfirmed: boolean;
}

/**
 * Whether Plankurier uses a BCC or Reply-To address yet: only once its owner confirmed it (issue 36),
 * with the button that mails the confirmation link (again).
 */
export function MailAddressState({ address, email, state, edited, accountConfirmed }: Props) {
  const { t } = useTranslation();
  const request = useRequestMailAddressConfirmation();
  if (edited || state === 'none') return null;
  if (state === 'confirmed') {
    return (
      <Badge color="green" variant="light" data-testid={`${address}-state`}>
        {t('account.settings.addressState.confirmed')}
      </Badge>
    );
  }
  const send = () =>
    request.mutate(address, {
      onSuccess: () => notifySuccess('account.settings.addressState.sent', { email }),
      onError: notifyError,
    });
  const text = !accountConfirmed
    ? t('account.settings.addressState.ownFirst')
    : state === 'pending'
      ? t('account.settings.addressState.pending', { email })
      : t('account.settings.addressState.unconfirmed');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid={`${address}-state`}>
      <Text size="sm" c="orange.9" style={{ flex: 1 }}>
        {text}
      </Text>
      {accountConfirmed && (
        <Button size="compact-sm" variant="light" loading={request.isPending} onClick={send}>
          {state === 'pending' ? t('account.settings.addressState.resend') : t('account.settings.addressState.send')}
        </Button>
      )}
    </Group>
  );
}
