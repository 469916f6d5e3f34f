import { Button, Group, Modal, Text } from '@mantine/core';
import { APP_VERSION } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';

/** The app-update dialog (spec §2): reloading fetches the new build; 'later' keeps working on the old one. */
export function AppUpdateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('nav.updateDialog.title')} centered>
      <Text size="sm">{t('nav.updateDialog.text')}</Text>
      <Text size="xs" c="dimmed" mt="xs">
        {t('nav.updateDialog.runningVersion', { version: APP_VERSION })}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('nav.updateDialog.later')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('nav.updateDialog.reload')}</Button>
      </Group>
    </Modal>
  );
}
