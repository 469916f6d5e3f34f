import { Text, Tooltip } from '@mantine/core';
import type { DocDto, ParticipantDto } from '@plankurier/shared';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviate, groupsInRange, participantSummary, type ColumnGroup, type GridColumn } from './grid-columns';
import { GRID_ROW_HEIGHT, type GridRow, type GroupRow } from './grid-rows';
import { GRID_FORMATS, subKey, toggleState, type GridCounts, type GridFormat, type SubIndex } from './grid-subs';
import { DeliverDot, GridToggle, formatText } from './GridToggle';
import { receiptLabel } from '../participants/ReceiptMark';
import classes from './plan-grid.module.css';
import { ICON_TOOLTIP_DELAY_MS, receiptStatus } from '@plankurier/shared';

/** The plan column's width; phones get a narrower one (PlanGridTab), so that participants show beside it. */
export const FIRST_COL_WIDTH = 340;
export const COMPACT_FIRST_COL_WIDTH = 240;
export const COL_WIDTH = 80;
const GROUP_BAND = 26;
const NAME_AREA = 136;
const TOGGLE_AREA = 30;
export const HEADER_HEIGHT = GROUP_BAND + NAME_AREA + TOGGLE_AREA;

/** What the matrix does when a toggle is clicked; the tab expands it into subscription items. */
export interface GridActions {
  cell: (doc: DocDto, participant: ParticipantDto, format: GridFormat) => void;
  row: (doc: DocDto, format: GridFormat, on: boolean) => void;
  column: (participant: ParticipantDto, format: GridFormat, on: boolean) => void;
  /** A phase or folder × one participant, or × all participants (participant null). */
  group: (row: GroupRow, participant: ParticipantDto | null, format: GridFormat, on: boolean) => void;
}

interface PlanGridProps {
  rows: GridRow[];
  columns: GridColumn[];
  groups: ColumnGroup[];
  index: SubIndex;
  counts: GridCounts;
  shownDocCount: number;
  roleNames: ReadonlyMap<string, string>;
  height: number;
  label: string;
  actions: GridActions;
  firstColWidth: number;
}

export const docLabel = (doc: DocDto) => doc.number || doc.name;
export const groupLabel = (row: GroupRow) =>
  row.kind === 'phase' ? `${row.phase.shortcut} ${row.phase.name}`.trim() : row.folder.name;

/**
 * The Planraster: plans as rows, participants as columns, one scroll container virtualised in
 * both directions; the heading row and the plan column stay in place (sticky).
 */
export function PlanGrid(props: PlanGridProps) {
  const { rows, columns, groups } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => GRID_ROW_HEIGHT[rows[i]!.kind],
    getItemKey: (i) => rows[i]!.key,
    paddingStart: HEADER_HEIGHT,
    overscan: 8,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COL_WIDTH,
    getItemKey: (i) => columns[i]!.key,
    paddingStart: props.firstColWidth,
    overscan: 4,
  });
  const groupStarts = useMemo(() => new Set(groups.map((g) => g.start)), [groups]);
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const width = columnVirtualizer.getTotalSize();
  const height = rowVirtualizer.getTotalSize();

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ height: props.height, '--grid-first-col': `${props.firstColWidth}px` } as CSSProperties}
      data-compact={props.firstColWidth < FIRST_COL_WIDTH || undefined}
      role="region"
      aria-label={props.label}
    >
      <div style={{ width, height, position: 'relative' }}>
        <GridHeader {...props} width={width} virtualColumns={virtualColumns} groupStarts={groupStarts} />
        {rowVirtualizer.getVirtualItems().map((item) => (
          <GridLine
            key={item.key}
            row={rows[item.index]!}
            top={item.start}
            height={item.size}
            width={width}
            columns={columns}
            virtualColumns={virtualColumns}
            groupStarts={groupStarts}
            index={props.index}
            counts={props.counts}
            participantCount={columns.length}
            actions={props.actions}
            firstColWidth={props.firstColWidth}
          />
        ))}
      </div>
    </div>
  );
}

function GridHeader(
  props: PlanGridProps & { width: number; virtualColumns: VirtualItem[]; groupStarts: ReadonlySet<number> },
) {
  const { t } = useTranslation();
  const { virtualColumns, columns, counts, shownDocCount, actions } = props;
  const first = virtualColumns[0]?.index ?? 0;
  const last = virtualColumns[virtualColumns.length - 1]?.index ?? -1;
  return (
    <div className={classes.header} style={{ width: props.width, height: HEADER_HEIGHT }}>
      <div className={classes.corner} style={{ width: props.firstColWidth, height: HEADER_HEIGHT }}>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('planGrid.cornerParticipants')} →
        </Text>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('planGrid.cornerPlans')} ↓
        </Text>
      </div>
      {groupsInRange(props.groups, first, last).map((group) => (
        <div
          key={group.key}
          className={classes.groupBand}
          style={{
            left: props.firstColWidth + group.start * COL_WIDTH,
            width: group.count * COL_WIDTH,
            height: GROUP_BAND,
          }}
          title={group.name}
        >
          <span className={classes.groupLabel}>{group.name || t('planGrid.noFolder')}</span>
        </div>
      ))}
      {virtualColumns.map((vc) => {
        const participant = columns[vc.index]!.participant;
        const summary = participantSummary(participant, props.roleNames);
        const deliverText = t(`planGrid.deliver.${participant.state.deliver}`);
        const count = counts.byParticipant.get(participant._id);
        return (
          <div
            key={vc.key}
            className={classes.colHead}
            data-group-start={props.groupStarts.has(vc.index) || undefined}
            style={{ left: vc.start, width: vc.size, top: GROUP_BAND, height: NAME_AREA + TOGGLE_AREA }}
          >
            <Tooltip
              openDelay={ICON_TOOLTIP_DELAY_MS}
              label={
                <div>
                  <div style={{ fontWeight: 700 }}>{summary.name}</div>
                  {summary.company ? <div>{summary.company}</div> : null}
                  {summary.roles.length > 0 ? <div>{summary.roles.join(', ')}</div> : null}
                  <div style={{ opacity: 0.8 }}>{deliverText}</div>
                </div>
              }
            >
              <div className={classes.colName} style={{ height: NAME_AREA, width: '100%' }}>
                <DeliverDot state={participant.state.deliver} label={deliverText} />
                <span className={classes.rotated} style={{ maxHeight: NAME_AREA - 20 }}>
                  {abbreviate(participant.name, 24)}
                </span>
              </div>
            </Tooltip>
            <div className={classes.toggles} style={{ height: TOGGLE_AREA, alignItems: 'center' }}>
              {GRID_FORMATS.map((format) => {
                const state = toggleState(count, format, shownDocCount);
                return (
                  <GridToggle
                    key={format}
                    format={format}
                    state={state}
                    label={t('planGrid.columnToggle', { participant: participant.name, format: formatText(format) })}
                    onClick={() => actions.column(participant, format, state !== 'all')}
                  />
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

interface GridLineProps {
  row: GridRow;
  top: number;
  height: number;
  width: number;
  columns: GridColumn[];
  virtualColumns: VirtualItem[];
  groupStarts: ReadonlySet<number>;
  index: SubIndex;
  counts: GridCounts;
  participantCount: number;
  actions: GridActions;
  firstColWidth: number;
}

/** One row; memoised so that scrolling down re-renders only the rows that come into view. */
const GridLine = memo(function GridLine(props: GridLineProps) {
  const { t } = useTranslation();
  const { row, columns, virtualColumns, counts, participantCount, actions } = props;
  const style = { top: props.top, height: props.height, width: props.width };

  if (row.kind === 'doc') {
    const doc = row.doc;
    const name = docLabel(doc);
    const rowCount = counts.byDoc.get(doc._id);
    return (
      <div className={classes.row} data-kind="doc" style={style}>
        <div className={classes.first} style={{ width: props.firstColWidth, height: props.height }}>
          <DeliverDot state={doc.state.deliver} label={t(`planGrid.deliver.${doc.state.deliver}`)} />
          <span className={classes.number}>{doc.number}</span>
          <span className={classes.name} title={`${doc.number} ${doc.name}`}>
            {doc.name}
          </span>
          <span className={classes.toggles}>
            {GRID_FORMATS.map((format) => {
              const state = toggleState(rowCount, format, participantCount);
              return (
                <GridToggle
                  key={format}
                  format={format}
                  state={state}
                  label={t('planGrid.rowToggle', { doc: name, format: formatText(format) })}
                  onClick={() => actions.row(doc, format, state !== 'all')}
                />
              );
            })}
          </span>
        </div>
        {virtualColumns.map((vc) => {
          const participant = columns[vc.index]!.participant;
          const sub = props.index.get(subKey(doc._id, participant._id));
          return (
            <div
              key={vc.key}
              className={classes.cell}
              data-group-start={props.groupStarts.has(vc.index) || undefined}
              style={{ left: vc.start, width: vc.size }}
            >
              {GRID_FORMATS.map((format) => (
                <GridToggle
                  key={format}
                  format={format}
                  state={(format === 'pdf' ? sub?.getsPdf : sub?.getsTec) ? 'all' : 'none'}
                  label={t('planGrid.cellToggle', {
                    doc: name,
                    participant: participant.name,
                    format: formatText(format),
                  })}
                  onClick={() => actions.cell(doc, participant, format)}
                />
              ))}
              <DeliverDot
                state={sub ? sub.state.deliver : null}
                label={
                  sub
                    ? [
                        t(`planGrid.deliver.${sub.state.deliver}`),
                        sub.state.receipt ? receiptLabel(t, sub.state.receipt) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : ''
                }
                receipt={receiptStatus(sub?.state.receipt)}
              />
            </div>
          );
        })}
      </div>
    );
  }

  const label = groupLabel(row);
  const groupCount = counts.byGroup.get(row.key);
  const docCount = row.docIds.length;
  return (
    <div className={classes.row} data-kind={row.kind} style={style}>
      <div className={classes.first} style={{ width: props.firstColWidth, height: props.height }}>
        <span className={classes.groupName} title={label}>
          {row.kind === 'phase' ? (
            <>
              <span className={classes.shortcut}>{row.phase.shortcut}</span>
              {row.phase.name}
            </>
          ) : (
            row.folder.name
          )}
        </span>
        <Text span size="xs" c="dimmed" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
          {docCount}
        </Text>
        <span className={classes.toggles}>
          {GRID_FORMATS.map((format) => {
            const state = toggleState(groupCount, format, docCount * participantCount);
            return (
              <GridToggle
                key={format}
                format={format}
                state={state}
                label={t('planGrid.groupToggleAll', { group: label, format: formatText(format) })}
                onClick={() => actions.group(row, null, format, state !== 'all')}
              />
            );
          })}
        </span>
      </div>
      {virtualColumns.map((vc) => {
        const participant = columns[vc.index]!.participant;
        const count = counts.byGroupAndParticipant.get(`${row.key}:${participant._id}`);
        return (
          <div
            key={vc.key}
            className={classes.cell}
            data-group-start={props.groupStarts.has(vc.index) || undefined}
            style={{ left: vc.start, width: vc.size }}
          >
            {GRID_FORMATS.map((format) => {
              const state = toggleState(count, format, docCount);
              return (
                <GridToggle
                  key={format}
                  format={format}
                  state={state}
                  label={t('planGrid.groupToggle', {
                    group: label,
                    participant: participant.name,
                    format: formatText(format),
                  })}
                  onClick={() => actions.group(row, participant, format, state !== 'all')}
                />
              );
            })}
            <DeliverDot state={null} label="" />
          </div>
        );
      })}
    </div>
  );
});
