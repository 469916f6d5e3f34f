import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryApi } from '../../../api/delivery-api';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/** Revokes the personal download link of one sent e-mail, after a confirmation. */
export function RevokeLinkButton({ recipientId, recipient }: { recipientId: string; recipient: string }) {
  const { t } = useTranslation();
  const revoke = useMutation({
    mutationFn: () => deliveryApi.revokeLink(recipientId),
    onSuccess: () => notifySuccess('timeline.email.revoked'),
    onError: notifyError,
  });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      leftSection={<IconLinkOff size={14} aria-hidden />}
      loading={revoke.isPending}
      disabled={revoke.isSuccess}
      onClick={() =>
        modals.openConfirmModal({
          title: t('timeline.email.revokeTitle'),
          children: t('timeline.email.revokeText', { recipient }),
          labels: { confirm: t('timeline.email.revokeConfirm'), cancel: t('common.cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => revoke.mutate(),
        })
      }
    >
      {revoke.isSuccess ? t('timeline.email.revoked') : t('timeline.email.revoke')}
    </Button>
  );
}
