import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppUpdateDialog } from './AppUpdateDialog';

/** The update notice in the nav bar; renders nothing until the server reports a newer version. Opens the update dialog. */
export function UpdateNotice({ appNeedsUpdate }: { appNeedsUpdate: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!appNeedsUpdate) return null;
  return (
    <>
      <Button
        variant="light"
        color="orange"
        size="xs"
        leftSection={<IconRefresh size={16} />}
        onClick={() => setOpened(true)}
      >
        {t('nav.updateAvailable')}
      </Button>
      <AppUpdateDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
