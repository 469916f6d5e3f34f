import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewRow } from './plan-set-model';
import { ReviewRowCard, type RowHandlers } from './ReviewRow';
import type { TitleBlockState } from './use-title-blocks';

interface ReviewCardsProps {
  rows: ReviewRow[];
  editing: string | null;
  titleBlocks: ReadonlyMap<string, TitleBlockState>;
  handlers: RowHandlers;
}

const GAP = 8;

/**
 * The review on phones: one card per file, virtualised like the table (a set of 200 files must not
 * draw 200 cards on a phone); each card measured, since notes and the edit fields take lines.
 */
export function ReviewCards({ rows, editing, titleBlocks, handlers }: ReviewCardsProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 120,
    getItemKey: (i) => rows[i]!.file.key,
    gap: GAP,
    overscan: 4,
  });
  return (
    <div
      ref={scrollRef}
      style={{ overflow: 'auto', maxHeight: 'max(320px, calc(100dvh - 330px))' }}
      data-testid="plan-set-review-scroll"
    >
      <div
        role="list"
        aria-label={t('planSet.review.title')}
        data-testid="plan-set-review-rows"
        data-count={rows.length}
        style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <ReviewRowCard
                row={row}
                editing={editing === row.file.key}
                titleBlock={titleBlocks.get(row.file.key)}
                handlers={handlers}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
