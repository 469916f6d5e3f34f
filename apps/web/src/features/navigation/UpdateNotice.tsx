import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../components/use-screen';
import { AppUpdateDialog } from './AppUpdateDialog';

/**
 * The update notice in the nav bar; renders nothing until the server reports a newer version. Opens the
 * update dialog. On phones only its icon (named, with a tooltip), so the headline keeps its room.
 */
export function UpdateNotice({ appNeedsUpdate }: { appNeedsUpdate: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const phone = useScreen() === 'phone';
  if (!appNeedsUpdate) return null;
  return (
    <>
      {phone ? (
        <Tooltip label={t('nav.updateAvailable')} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="light"
            color="orange"
            size="lg"
            aria-label={t('nav.updateAvailable')}
            onClick={() => setOpened(true)}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="light"
          color="orange"
          size="xs"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setOpened(true)}
        >
          {t('nav.updateAvailable')}
        </Button>
      )}
      <AppUpdateDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
