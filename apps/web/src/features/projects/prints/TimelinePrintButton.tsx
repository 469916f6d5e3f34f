import { Box, Button } from '@mantine/core';
import type { TimelineEventType, TimelineFilterParams } from '@plankurier/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startPrint } from './print-store';

interface TimelinePrintButtonProps {
  projectId: string;
  eventType: TimelineEventType;
  filter: TimelineFilterParams;
}

/** 'Drucken' in the timeline: the events of the open tab with the filters as they are set. */
export function TimelinePrintButton({ projectId, eventType, filter }: TimelinePrintButtonProps) {
  const { t } = useTranslation();
  return (
    <Box ml="auto" style={{ alignSelf: 'center' }}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPrinter size={14} />}
        onClick={() =>
          void startPrint(
            { type: 'TIMELINE', projectId, eventType, timelineFilterParams: filter },
            t('prints.timeline'),
          )
        }
      >
        {t('prints.print')}
      </Button>
    </Box>
  );
}
