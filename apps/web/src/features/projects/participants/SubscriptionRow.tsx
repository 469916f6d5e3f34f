import { Box, Checkbox, Group } from '@mantine/core';
import type { SubscriptionBody, SubscriptionDto } from '@plankurier/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliverDot } from './DeliverDot';
import { DownloadDot } from './DownloadDot';
import { toggleOne, type SubCell } from './participant-model';

interface SubscriptionRowProps {
  /** CSS grid columns: the markers first, the caller's cells, then PDF and TEC. */
  columns: string;
  cell: SubCell;
  sub: SubscriptionDto | undefined;
  /** Who or what the checkboxes are for, in their accessible labels. */
  name: string;
  onToggle: (item: SubscriptionBody) => void;
  children: ReactNode;
}

/**
 * One subscription as a row: delivery and download markers, the caller's cells (a plan or a
 * participant), and the PDF / TEC checkboxes. The same row serves a plan's receivers and a
 * participant's plans.
 */
export function SubscriptionRow({ columns, cell, sub, name, onToggle, children }: SubscriptionRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      py={4}
      px={4}
      style={{
        display: 'grid',
        gridTemplateColumns: columns,
        columnGap: 8,
        alignItems: 'center',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Group gap={4} wrap="nowrap">
        <DeliverDot state={sub?.state.deliver ?? 'GRAY'} bounce={sub?.state.bounce} />
        <DownloadDot state={sub?.state.download} />
      </Group>
      {children}
      <Checkbox
        size="xs"
        aria-label={t('subscriptions.pdfFor', { name })}
        checked={Boolean(sub?.getsPdf)}
        onChange={(e) => onToggle(toggleOne(cell, sub, 'pdf', e.currentTarget.checked))}
      />
      <Checkbox
        size="xs"
        aria-label={t('subscriptions.tecFor', { name })}
        checked={Boolean(sub?.getsTec)}
        onChange={(e) => onToggle(toggleOne(cell, sub, 'tec', e.currentTarget.checked))}
      />
    </Box>
  );
}
