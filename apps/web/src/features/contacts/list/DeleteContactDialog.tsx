import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { contactDisplayName, type ContactDto } from '@plankurier/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteContact } from '../../../api/use-contacts';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/** Asks before a contact is deleted; a participant's removal from its projects is said plainly. */
export function DeleteContactDialog({ contact, onClose }: { contact: ContactDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteContact();
  const name = contact ? contactDisplayName(contact) : '';

  const confirm = () => {
    if (!contact) return;
    remove.mutate(contact._id, {
      onSuccess: () => {
        notifySuccess('contacts.message.deleted');
        onClose();
      },
      onError: notifyError,
    });
  };

  return (
    <Modal opened={contact !== null} onClose={onClose} title={t('contacts.delete.title')} size="md">
      <Stack gap="md">
        <Text size="sm">{t('contacts.delete.text', { name })}</Text>
        {contact?.isParticipant ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('contacts.delete.participantTitle')}>
            {t('contacts.delete.participantText')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
