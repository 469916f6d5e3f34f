import { LazyTooltip } from '../../../components/LazyTooltip';
import type { DocDto, ParticipantDto } from '@plankurier/shared';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsInRange, participantSummary, type ColumnGroup, type GridColumn } from './grid-columns';
import { GRID_ROW_HEIGHT, sameRow, type GridRow, type GroupRow } from './grid-rows';
import { gridLabels, type GridLabels } from './grid-labels';
import { GRID_FORMATS, sameCount, toggleState, type FormatCount, type GridFormat } from './grid-subs';
import type { GridCounts } from './grid-counts';
import { DeliverDot, DownloadMark, GridToggle } from './GridToggle';
import type { DownloadState } from '../participants/download-state';
import classes from './plan-grid.module.css';
import type { SubIndex } from '../model/sub-index';
import { folderKey, hasRuleFormat, phaseKey, ruleKey, ruleOfPlan, type RuleIndex } from './grid-rules';
import { ICON_TOOLTIP_DELAY_MS, receiptStatus } from '@plankurier/shared';

/** The plan column's width; phones get a narrower one (PlanGridTab), so that participants show beside it. */
export const FIRST_COL_WIDTH = 340;
export const COMPACT_FIRST_COL_WIDTH = 240;
/** A participant's column: the PDF and the wider DWG/DXF switch, then the delivery and download marks. */
export const COL_WIDTH = 100;
const GROUP_BAND = 26;
const NAME_AREA = 136;
const TOGGLE_AREA = 30;
export const HEADER_HEIGHT = GROUP_BAND + NAME_AREA + TOGGLE_AREA;

const columnWidth = () => COL_WIDTH;

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
  /** Standing subscriptions of folders and phases, by group row and participant. */
  rules: RuleIndex;
  counts: GridCounts;
  shownDocCount: number;
  roleNames: ReadonlyMap<string, string>;
  /** Each participant's download state over all its subscriptions (the participant list's marker). */
  downloads: ReadonlyMap<string, DownloadState | null>;
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
export const PlanGrid = memo(function PlanGrid(props: PlanGridProps) {
  const { rows, columns, groups } = props;
  const { t } = useTranslation();
  const labels = useMemo(() => gridLabels(t), [t]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // New functions here make the virtualizer measure every row (column) again: once per frame of a
  // scroll with functions made in each render.
  const rowKey = useCallback((i: number) => rows[i]!.key, [rows]);
  const rowSize = useCallback((i: number) => GRID_ROW_HEIGHT[rows[i]!.kind], [rows]);
  const columnKey = useCallback((i: number) => columns[i]!.key, [columns]);
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowSize,
    getItemKey: rowKey,
    paddingStart: HEADER_HEIGHT,
    // Few rows and columns beyond the screen: each one more is a row (or column) of cells to draw
    // on every screen a fast scroll jumps.
    overscan: 3,
    // React draws the new cells in a task of its own after the scroll event, not inside the frame
    // that scrolled: a screen's jump is then two tasks (React; style, layout, paint) rather than
    // one of both, and a click or key between them is not kept waiting. The overscan covers the
    // frame the cells may trail a slow scroll by.
    useFlushSync: false,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: columnWidth,
    getItemKey: columnKey,
    paddingStart: props.firstColWidth,
    overscan: 2,
    useFlushSync: false,
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
        <GridHeader
          {...props}
          width={width}
          virtualColumns={virtualColumns}
          groupStarts={groupStarts}
          labels={labels}
        />
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
            rules={props.rules}
            counts={props.counts}
            participantCount={columns.length}
            actions={props.actions}
            firstColWidth={props.firstColWidth}
            labels={labels}
          />
        ))}
      </div>
    </div>
  );
});

type GridHeaderProps = PlanGridProps & {
  width: number;
  virtualColumns: VirtualItem[];
  groupStarts: ReadonlySet<number>;
  labels: GridLabels;
};

/** The heading draws again when its columns or their counts changed, not for every toggle of a cell. */
function sameHeader(prev: GridHeaderProps, next: GridHeaderProps): boolean {
  for (const key of Object.keys(next) as (keyof GridHeaderProps)[]) {
    if (
      key !== 'index' &&
      key !== 'rules' &&
      key !== 'counts' &&
      key !== 'rows' &&
      key !== 'downloads' &&
      prev[key] !== next[key]
    )
      return false;
  }
  return next.virtualColumns.every((vc) => {
    const id = next.columns[vc.index]!.participant._id;
    return (
      sameCount(prev.counts.ofParticipant(id), next.counts.ofParticipant(id)) &&
      prev.downloads.get(id) === next.downloads.get(id)
    );
  });
}

const GridHeader = memo(function GridHeader(props: GridHeaderProps) {
  const { t } = useTranslation();
  const { virtualColumns, columns, counts, shownDocCount, actions, labels } = props;
  const first = virtualColumns[0]?.index ?? 0;
  const last = virtualColumns[virtualColumns.length - 1]?.index ?? -1;
  return (
    <div className={classes.header} style={{ width: props.width, height: HEADER_HEIGHT }}>
      <div className={classes.corner} style={{ width: props.firstColWidth, height: HEADER_HEIGHT }}>
        <div className={classes.cornerLabel}>{t('planGrid.cornerParticipants')} →</div>
        <div className={classes.cornerLabel}>{t('planGrid.cornerPlans')} ↓</div>
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
      {virtualColumns.map((vc) => (
        <ColumnHead
          key={vc.key}
          participant={columns[vc.index]!.participant}
          count={counts.ofParticipant(columns[vc.index]!.participant._id)}
          download={props.downloads.get(columns[vc.index]!.participant._id) ?? null}
          left={vc.start}
          width={vc.size}
          groupStart={props.groupStarts.has(vc.index)}
          shownDocCount={shownDocCount}
          roleNames={props.roleNames}
          actions={actions}
          labels={labels}
        />
      ))}
    </div>
  );
}, sameHeader);

interface ColumnHeadProps {
  participant: ParticipantDto;
  count: FormatCount | undefined;
  download: DownloadState | null;
  left: number;
  width: number;
  groupStart: boolean;
  shownDocCount: number;
  roleNames: ReadonlyMap<string, string>;
  actions: GridActions;
  labels: GridLabels;
}

/** A column toggled in draws again alone: its count is compared by what it shows. */
const sameColumnHead = (prev: ColumnHeadProps, next: ColumnHeadProps) =>
  (Object.keys(next) as (keyof ColumnHeadProps)[]).every((key) =>
    key === 'count' ? sameCount(prev.count, next.count) : prev[key] === next[key],
  );

/** A participant's heading: name turned upright, delivery dot, and the column's PDF and DWG/DXF toggles. */
const ColumnHead = memo(function ColumnHead(props: ColumnHeadProps) {
  const { participant, count, labels, actions } = props;
  const summary = participantSummary(participant, props.roleNames);
  const deliverText = labels.deliver(participant.state.deliver);
  return (
    <div
      className={classes.colHead}
      data-group-start={props.groupStart || undefined}
      style={{ left: props.left, width: props.width, top: GROUP_BAND, height: NAME_AREA + TOGGLE_AREA }}
    >
      <LazyTooltip
        openDelay={ICON_TOOLTIP_DELAY_MS}
        label={
          <div>
            <div style={{ fontWeight: 700 }}>{summary.name}</div>
            {summary.company ? <div>{summary.company}</div> : null}
            {summary.roles.length > 0 ? <div>{summary.roles.join(', ')}</div> : null}
            <div style={{ opacity: 0.8 }}>{deliverText}</div>
            {props.download ? <div style={{ opacity: 0.8 }}>{labels.download(props.download)}</div> : null}
          </div>
        }
      >
        <div className={classes.colName} style={{ height: NAME_AREA, width: '100%' }}>
          <DeliverDot state={participant.state.deliver} label={deliverText} />
          <DownloadMark state={props.download} label={props.download ? labels.download(props.download) : ''} />
          <span className={classes.rotated} style={{ maxHeight: NAME_AREA - 20 }}>
            {participant.name}
          </span>
        </div>
      </LazyTooltip>
      <div className={classes.toggles} style={{ height: TOGGLE_AREA, alignItems: 'center' }}>
        {GRID_FORMATS.map((format) => {
          const state = toggleState(count, format, props.shownDocCount);
          return (
            <GridToggle
              key={format}
              format={format}
              state={state}
              label={labels.column(participant.name, format)}
              onClick={() => actions.column(participant, format, state !== 'all')}
            />
          );
        })}
      </div>
    </div>
  );
}, sameColumnHead);

interface GridLineProps {
  row: GridRow;
  top: number;
  height: number;
  width: number;
  columns: GridColumn[];
  virtualColumns: VirtualItem[];
  groupStarts: ReadonlySet<number>;
  index: SubIndex;
  rules: RuleIndex;
  counts: GridCounts;
  participantCount: number;
  actions: GridActions;
  firstColWidth: number;
  labels: GridLabels;
}

/**
 * Rows, index and counts are new with every change of the project; a row draws again only when
 * what it shows of them changed, so that a toggle redraws its row and groups, not the screen.
 */
function sameLine(prev: GridLineProps, next: GridLineProps): boolean {
  for (const key of Object.keys(next) as (keyof GridLineProps)[]) {
    if (key !== 'index' && key !== 'rules' && key !== 'counts' && key !== 'row' && prev[key] !== next[key])
      return false;
  }
  if (!sameRow(prev.row, next.row)) return false;
  const { row, columns, virtualColumns } = next;
  const participantIds = virtualColumns.map((vc) => columns[vc.index]!.participant._id);
  const sameRules = (id: string, ...groupKeys: string[]) =>
    prev.rules === next.rules ||
    groupKeys.every((k) => prev.rules.get(ruleKey(k, id)) === next.rules.get(ruleKey(k, id)));
  if (row.kind === 'doc') {
    const before = prev.index.get(row.doc._id);
    const after = next.index.get(row.doc._id);
    const groupKeys = [folderKey(row.doc.folder), phaseKey(row.phaseId)];
    return (
      sameCount(prev.counts.ofDoc(row.doc._id), next.counts.ofDoc(row.doc._id)) &&
      (before === after || participantIds.every((id) => before?.get(id) === after?.get(id))) &&
      // A plan's mark names the rule it came from.
      participantIds.every((id) => !after?.get(id)?.fromRule || sameRules(id, ...groupKeys))
    );
  }
  return (
    sameCount(prev.counts.ofGroup(row.key), next.counts.ofGroup(row.key)) &&
    participantIds.every(
      (id) =>
        sameCount(prev.counts.ofGroupAndParticipant(row.key, id), next.counts.ofGroupAndParticipant(row.key, id)) &&
        sameRules(id, row.key),
    )
  );
}

/** One row; memoised so that scrolling down re-renders only the rows that come into view. */
const GridLine = memo(function GridLine(props: GridLineProps) {
  const { row, columns, virtualColumns, counts, participantCount, actions, labels } = props;
  const style = { top: props.top, height: props.height, width: props.width };

  if (row.kind === 'doc') {
    const doc = row.doc;
    const name = docLabel(doc);
    const rowCount = counts.ofDoc(doc._id);
    const ofDoc = props.index.get(doc._id);
    return (
      <div className={classes.row} data-kind="doc" style={style}>
        <div className={classes.first} style={{ width: props.firstColWidth, height: props.height }}>
          <DeliverDot state={doc.state.deliver} label={labels.deliver(doc.state.deliver)} />
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
                  label={labels.row(name, format)}
                  onClick={() => actions.row(doc, format, state !== 'all')}
                />
              );
            })}
          </span>
        </div>
        {virtualColumns.map((vc) => {
          const participant = columns[vc.index]!.participant;
          const sub = ofDoc?.get(participant._id);
          const rule = sub?.fromRule ? ruleOfPlan(props.rules, doc.folder, row.phaseId, participant._id) : undefined;
          return (
            <div
              key={vc.key}
              className={classes.cell}
              data-group-start={props.groupStarts.has(vc.index) || undefined}
              style={{ left: vc.start, width: vc.size }}
            >
              {GRID_FORMATS.map((format) => {
                const on = (format === 'pdf' ? sub?.getsPdf : sub?.getsTec) ?? false;
                return (
                  <GridToggle
                    key={format}
                    format={format}
                    state={on ? 'all' : 'none'}
                    label={labels.cell(name, participant.name, format)}
                    standing={on && rule ? labels.fromRule(rule.place) : undefined}
                    onClick={() => actions.cell(doc, participant, format)}
                  />
                );
              })}
              {sub ? (
                <span className={classes.marks}>
                  <DeliverDot
                    state={sub.state.deliver}
                    label={labels.cellDot(sub)}
                    receipt={receiptStatus(sub.state.receipt)}
                  />
                  {sub.state.download ? (
                    <DownloadMark state={sub.state.download} label={labels.download(sub.state.download)} />
                  ) : null}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    );
  }

  const label = groupLabel(row);
  const groupCount = counts.ofGroup(row.key);
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
        <span className={classes.groupCount}>{docCount}</span>
        <span className={classes.toggles}>
          {GRID_FORMATS.map((format) => {
            const state = toggleState(groupCount, format, docCount * participantCount);
            return (
              <GridToggle
                key={format}
                format={format}
                state={state}
                label={labels.groupAll(label, format)}
                onClick={() => actions.group(row, null, format, state !== 'all')}
              />
            );
          })}
        </span>
      </div>
      {virtualColumns.map((vc) => {
        const participant = columns[vc.index]!.participant;
        const count = counts.ofGroupAndParticipant(row.key, participant._id);
        const rule = props.rules.get(ruleKey(row.key, participant._id));
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
                  label={labels.group(label, participant.name, format)}
                  standing={hasRuleFormat(rule, format) ? labels.standing(label) : undefined}
                  onClick={() => actions.group(row, participant, format, state !== 'all')}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
}, sameLine);
