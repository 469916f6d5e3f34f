import { Menu } from '@mantine/core';
import { IconLinkPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { participantApi } from '../../../api/participant-api';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/**
 * Renews the participant's working download links: an office that lets its links expire (office
 * settings) starts their lifetime again, e.g. when a recipient asks after it ran out.
 */
export function RenewLinksMenuItem({ participantId }: { participantId: string }) {
  const { t } = useTranslation();
  const renew = useMutation({
    mutationFn: () => participantApi.renewLinks(participantId),
    onSuccess: () => notifySuccess('participants.renewLinksDone'),
    onError: notifyError,
  });
  return (
    <Menu.Item leftSection={<IconLinkPlus size={14} />} onClick={() => renew.mutate()}>
      {t('participants.renewLinks')}
    </Menu.Item>
  );
}
