import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'Update verfügbar' in the nav bar; renders nothing until the server reports a newer version. */
export function UpdateNotice({ appNeedsUpdate, onOpen }: { appNeedsUpdate: boolean; onOpen?: () => void }) {
  const { t } = useTranslation();
  if (!appNeedsUpdate) return null;
  return (
    <Button variant="light" color="orange" size="xs" leftSection={<IconRefresh size={16} />} onClick={onOpen}>
      {t('nav.updateAvailable')}
    </Button>
  );
}
