import { ActionIcon, Group, Text } from '@mantine/core';
import { IconArrowsMinimize, IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './viewer.module.css';

/** Zoom buttons over the sheet's corner, finger-sized, for those who do not pinch (and for the keyboard). */
export function ZoomControls({
  scale,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  scale: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} className={classes.zoom} wrap="nowrap">
      <ActionIcon size={44} variant="default" onClick={onZoomOut} aria-label={t('viewer.zoomOut')}>
        <IconMinus size={20} />
      </ActionIcon>
      <Text size="sm" w={52} ta="center" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
        {Math.round(scale * 100)} %
      </Text>
      <ActionIcon size={44} variant="default" onClick={onZoomIn} aria-label={t('viewer.zoomIn')}>
        <IconPlus size={20} />
      </ActionIcon>
      <ActionIcon size={44} variant="default" onClick={onFit} aria-label={t('viewer.fit')}>
        <IconArrowsMinimize size={20} />
      </ActionIcon>
    </Group>
  );
}
