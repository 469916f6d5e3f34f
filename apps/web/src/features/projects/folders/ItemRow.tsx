import { Box, Group } from '@mantine/core';
import type { BounceDto, DeliverState } from '@plankurier/shared';
import type { ReactNode } from 'react';
import { DeliverDot } from '../participants/DeliverDot';
import type { DownloadState } from '../participants/download-state';
import { DownloadDot } from '../participants/DownloadDot';
import classes from './folder-list.module.css';
import type { RowDrag } from './SortableRow';

interface ItemRowProps {
  selected: boolean;
  onSelect: () => void;
  drag: RowDrag;
  dots: { deliver: DeliverState; bounce?: BounceDto | null; download: DownloadState | null };
  /** The columns after the dots and the grip. */
  children: ReactNode;
  'data-participant'?: string;
  /** The plan's folder: a plan set dropped on the row goes there. */
  'data-folder-id'?: string;
}

/** A plan or participant inside a folder: clicked anywhere to select it, its delivery and download dots, the grip. */
export function ItemRow({ selected, onSelect, drag, dots, children, ...data }: ItemRowProps) {
  return (
    <Box
      onClick={onSelect}
      {...drag.rowListeners}
      h="100%"
      px={4}
      {...data}
      className={classes.row}
      style={{
        alignItems: 'center',
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: selected ? 'var(--mantine-color-brand-0)' : undefined,
        boxShadow: selected ? 'inset 3px 0 0 var(--mantine-color-brand-6)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap">
        <DeliverDot state={dots.deliver} bounce={dots.bounce} />
        <DownloadDot state={dots.download} />
      </Group>
      {drag.handle}
      {children}
    </Box>
  );
}
