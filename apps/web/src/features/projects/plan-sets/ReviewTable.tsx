import { Paper, Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewRow } from './plan-set-model';
import { ReviewRowLine, type RowHandlers } from './ReviewRow';
import type { TitleBlockState } from './use-title-blocks';

interface ReviewTableProps {
  rows: ReviewRow[];
  editing: string | null;
  titleBlocks: ReadonlyMap<string, TitleBlockState>;
  handlers: RowHandlers;
}

/** Column widths: fixed, so that rows scrolling in and out never move the columns. */
const COLUMNS = ['28px', '23%', '17%', '10%', '12%', '38%', '72px'];

/**
 * The review's table on tablets and desktops, virtualised: a set of 200 files shows at once, only the
 * rows in view are drawn (each with its own height: notes take lines), the header stays on top.
 */
export function ReviewTable({ rows, editing, titleBlocks, handlers }: ReviewTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 46,
    getItemKey: (i) => rows[i]!.file.key,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <div
        ref={scrollRef}
        style={{ overflow: 'auto', maxHeight: 'max(320px, calc(100dvh - 290px))' }}
        data-testid="plan-set-review-scroll"
      >
        <Table
          verticalSpacing={6}
          horizontalSpacing="xs"
          fz="sm"
          stickyHeader
          miw={740}
          style={{ tableLayout: 'fixed' }}
          aria-label={t('planSet.review.title')}
          aria-rowcount={rows.length + 1}
          data-testid="plan-set-review-rows"
        >
          <colgroup>
            {COLUMNS.map((width, i) => (
              <col key={i} style={{ width }} />
            ))}
          </colgroup>
          <Table.Thead style={{ zIndex: 2 }}>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('planSet.review.columns.file')}</Table.Th>
              <Table.Th>{t('planSet.review.columns.plan')}</Table.Th>
              <Table.Th>{t('planSet.review.columns.index')}</Table.Th>
              <Table.Th>{t('planSet.review.columns.partners')}</Table.Th>
              <Table.Th>{t('planSet.review.columns.notes')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paddingTop > 0 ? (
              <tr aria-hidden style={{ height: paddingTop }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <ReviewRowLine
                  key={row.file.key}
                  row={row}
                  index={item.index}
                  measureRef={virtualizer.measureElement}
                  editing={editing === row.file.key}
                  titleBlock={titleBlocks.get(row.file.key)}
                  handlers={handlers}
                />
              );
            })}
            {paddingBottom > 0 ? (
              <tr aria-hidden style={{ height: paddingBottom }}>
                <td colSpan={COLUMNS.length} />
              </tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}
