import { ActionIcon, Button, FileButton, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconFileStack } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScreen, useTouchSize } from '../../../components/use-screen';

/** 'Planset hochladen': many plan files chosen at once, as if dropped onto the list. */
export function PlanSetButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const phone = useScreen() === 'phone';
  const size = useTouchSize('md');
  return (
    <FileButton onChange={(files) => files.length > 0 && onFiles(files)} multiple accept=".pdf,.dwg,.dxf,.dxfb">
      {(props) =>
        phone ? (
          <Tooltip label={t('planSet.upload')} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <ActionIcon variant="default" size={size} aria-label={t('planSet.upload')} disabled={disabled} {...props}>
              <IconFileStack size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('planSet.uploadHint')} openDelay={ICON_TOOLTIP_DELAY_MS} multiline w={260}>
            <Button size="xs" variant="light" leftSection={<IconFileStack size={16} />} disabled={disabled} {...props}>
              {t('planSet.upload')}
            </Button>
          </Tooltip>
        )
      }
    </FileButton>
  );
}
