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
    // Plain elements and classes: a long list draws dozens of these per frame while it scrolls.
    <div
      onClick={onSelect}
      {...drag.rowListeners}
      {...data}
      className={`${classes.row} ${classes.itemRow}`}
      data-selected={selected || undefined}
    >
      <div className={classes.dots}>
        <DeliverDot state={dots.deliver} bounce={dots.bounce} />
        <DownloadDot state={dots.download} />
      </div>
      {drag.handle}
      {children}
    </div>
  );
}
