import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ContactDto } from '@plankurier/shared';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ReadOnlyContactDialogProps {
  opened: boolean;
  contact: ContactDto | null;
  onClose: () => void;
}

/**
 * 'Kontakt ansehen': a participant of a project the person does not work in, read but not changed
 * (the server refuses with contact.in_foreign_project); the notice says who may change it.
 */
export function ReadOnlyContactDialog({ opened, contact, onClose }: ReadOnlyContactDialogProps) {
  const { t } = useTranslation();
  const field = (label: string, value: string) => <TextInput label={label} value={value} readOnly variant="filled" />;
  const formats = [contact?.needsPdf ? t('contacts.form.pdf') : '', contact?.needsTec ? t('contacts.form.tec') : '']
    .filter(Boolean)
    .join(', ');
  return (
    <Modal opened={opened} onClose={onClose} title={t('contacts.form.viewTitle')} size="lg">
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {t('contacts.readOnly.tooltip')}
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {field(t('form.firstName'), contact?.firstName ?? '')}
          {field(t('form.lastName'), contact?.lastName ?? '')}
        </SimpleGrid>
        {field(t('form.email'), contact?.email ?? '')}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {field(t('form.company'), contact?.company ?? '')}
          {field(t('contacts.form.phone'), contact?.phone ?? '')}
        </SimpleGrid>
        {field(t('contacts.form.formats'), formats)}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
