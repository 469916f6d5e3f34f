import { Button, Center } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from './StatusPanel';

/** Shown when a page fails to load (for example a chunk of an older build that is gone). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <StatusPanel
        icon={<IconAlertTriangle size={28} />}
        color="orange"
        title={t('routeError.title')}
        action={
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      >
        {t('routeError.text')}
      </StatusPanel>
    </Center>
  );
}
