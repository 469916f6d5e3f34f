import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryApi } from '../../../api/delivery-api';
import { queryKeys } from '../../../api/query-keys';
import { notifyError, notifySuccess } from '../../../notifications/notify';

interface RevokeLinkButtonProps {
  projectId: string;
  recipientId: string;
  recipient: string;
}

/**
 * Revokes the personal download link of one sent e-mail, after a confirmation; the timeline is
 * read again, so the event shows the link revoked (and when) from then on.
 */
export function RevokeLinkButton({ projectId, recipientId, recipient }: RevokeLinkButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => deliveryApi.revokeLink(recipientId),
    onSuccess: () => {
      notifySuccess('timeline.email.revoked');
      void queryClient.invalidateQueries({ queryKey: queryKeys.timeline(projectId) });
    },
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
