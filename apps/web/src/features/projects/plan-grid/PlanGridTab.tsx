import { Box, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SubscriptionBody } from '@plankurier/shared';
import { IconFiles, IconLayoutGrid, IconSearch, IconUsers, IconX } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectMutation } from '../../../api/use-project';
import { EmptyHint } from '../../../components/EmptyHint';
import { useScreen } from '../../../components/use-screen';
import { notifyError } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { useFillHeight } from '../page/use-fill-height';
import { buildGridColumns, roleNameMap } from './grid-columns';
import { buildGridRows, shownDocIds } from './grid-rows';
import { cellToggleItem, expandToggle, withSubscriptionItems } from './grid-subs';
import { gridCountsOf } from './grid-counts';
import { subIndexOf } from '../model/sub-index';
import { DeliverDot, DownloadMark, formatText } from './GridToggle';
import { downloadByParticipant } from '../participants/download-state';
import { COMPACT_FIRST_COL_WIDTH, docLabel, FIRST_COL_WIDTH, groupLabel, PlanGrid, type GridActions } from './PlanGrid';
import { applySubscriptionItems } from '../../../api/participant-api';
import classes from './plan-grid.module.css';
import { ruleIndexOf, ruleItems } from './grid-rules';
import { useStandingRuleChange, type RuleChange } from './use-standing-rules';

/** Bulk changes that touch more cells than this ask first. */
export const CONFIRM_ABOVE = 50;

interface PlanGridTabProps {
  model: ProjectModel;
  /** Opens another project tab (the empty states lead to participants or docs). */
  onOpenTab: (tab: 'participants' | 'docs') => void;
}

/** 'Planraster': which participant gets which plan as PDF and/or TEC, at a glance (spec §2, §3). */
export function PlanGridTab({ model, onOpenTab }: PlanGridTabProps) {
  const { t } = useTranslation();
  const { bundle } = model;
  const projectId = bundle.project._id;
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(bodyRef);
  const phone = useScreen() === 'phone';
  const [filterText, setFilterText] = useState('');
  const [chosenPhaseId, setChosenPhaseId] = useState<string | null>(null);
  const deferredFilter = useDeferredValue(filterText);
  const phaseId = model.phases.some((p) => p._id === chosenPhaseId) ? chosenPhaseId : null;

  // The model's indexes of docs and versions stay the same objects while only subscriptions change
  // (buildProjectModel), so a toggle keeps the rows.
  const { phases, foldersByPhase, docsByFolder, versionById, folderById } = model;
  const rows = useMemo(
    () =>
      buildGridRows(
        { phases, foldersByPhase, docsByFolder },
        {
          phaseId,
          filterText: deferredFilter,
          currentIndexOf: (doc) => (doc.currentVersion ? (versionById.get(doc.currentVersion)?.index ?? null) : null),
        },
      ),
    [phases, foldersByPhase, docsByFolder, versionById, phaseId, deferredFilter],
  );
  const { columns, groups } = useMemo(
    () => buildGridColumns(bundle.participantfolders, bundle.participants),
    [bundle.participantfolders, bundle.participants],
  );
  const docIds = useMemo(() => shownDocIds(rows), [rows]);
  const participantIds = useMemo(() => columns.map((c) => c.participant._id), [columns]);
  // Both are patched from the last ones when a toggle or a live change patched the subscriptions.
  const index = useMemo(() => subIndexOf(bundle.subs), [bundle.subs]);
  const shown = useMemo(() => ({ rows, participantIds }), [rows, participantIds]);
  const counts = useMemo(() => gridCountsOf(bundle.subs, shown), [bundle.subs, shown]);
  const roleNames = useMemo(() => roleNameMap(bundle.roles), [bundle.roles]);
  const downloads = useMemo(() => downloadByParticipant(bundle.subs), [bundle.subs]);
  const rules = useMemo(
    () => ruleIndexOf(bundle.standingSubs, folderById, phases),
    [bundle.standingSubs, folderById, phases],
  );

  const change = useProjectMutation(projectId, applySubscriptionItems, withSubscriptionItems);
  const { mutateAsync } = change;
  const send = useCallback(
    (items: SubscriptionBody[]) => {
      if (items.length > 0) mutateAsync(items).catch(notifyError);
    },
    [mutateAsync],
  );
  const { mutateAsync: mutateRules } = useStandingRuleChange(projectId);
  const sendRules = useCallback(
    (change: RuleChange) => {
      mutateRules(change).catch(notifyError);
    },
    [mutateRules],
  );
  /** Many cells ask first; `run` sends them (per plan, or as the folder's or phase's rule). */
  const confirmBulk = useCallback(
    (items: SubscriptionBody[], target: string, format: string, on: boolean, run: () => void) => {
      if (items.length <= CONFIRM_ABOVE) return run();
      modals.openConfirmModal({
        title: t('planGrid.confirmTitle'),
        children: t(on ? 'planGrid.confirmOn' : 'planGrid.confirmOff', { count: items.length, target, format }),
        labels: { confirm: t('planGrid.confirmButton', { count: items.length }), cancel: t('common.cancel') },
        onConfirm: run,
      });
    },
    [t],
  );
  const sendBulk = useCallback(
    (items: SubscriptionBody[], target: string, format: string, on: boolean) => {
      if (items.length > 0) confirmBulk(items, target, format, on, () => send(items));
    },
    [confirmBulk, send],
  );

  // The actions read the latest index through a ref: the same functions for every change of a
  // subscription, so that the memoised rows need not draw again for new callbacks.
  const filtering = deferredFilter.trim().length > 0;
  const latest = useRef({ index, participantIds, docIds, filtering });
  useLayoutEffect(() => {
    latest.current = { index, participantIds, docIds, filtering };
  }, [index, participantIds, docIds, filtering]);
  const actions = useMemo<GridActions>(
    () => ({
      cell: (doc, participant, format) =>
        send([cellToggleItem(latest.current.index, doc._id, participant._id, format)]),
      row: (doc, format, on) =>
        sendBulk(
          expandToggle(latest.current.index, [doc._id], latest.current.participantIds, format, on),
          t('planGrid.targetRow', { doc: docLabel(doc) }),
          formatText(format),
          on,
        ),
      column: (participant, format, on) =>
        sendBulk(
          expandToggle(latest.current.index, latest.current.docIds, [participant._id], format, on),
          t('planGrid.targetColumn', { participant: participant.name }),
          formatText(format),
          on,
        ),
      group: (row, participant, format, on) => {
        const participants = participant ? [participant._id] : latest.current.participantIds;
        const cells = expandToggle(latest.current.index, row.docIds, participants, format, on);
        const target = participant
          ? t('planGrid.targetGroup', { group: groupLabel(row), participant: participant.name })
          : t('planGrid.targetGroupAll', { group: groupLabel(row) });
        // Filtered, the row holds only the plans shown: those change, one by one. Else the folder's
        // (phase's) format stands for plans added to it later too.
        if (latest.current.filtering) return sendBulk(cells, target, formatText(format), on);
        const change = { rules: ruleItems(row, participants, format, on), cells };
        confirmBulk(cells, target, formatText(format), on, () => sendRules(change));
      },
    }),
    [send, sendBulk, sendRules, confirmBulk, t],
  );

  // Nested plurals are slow to translate, and the tab draws again with every toggle.
  const sizeText = useMemo(
    () => t('planGrid.size', { docs: docIds.length, participants: columns.length }),
    [t, docIds.length, columns.length],
  );

  const hasDocs = bundle.docs.length > 0;
  const hasParticipants = columns.length > 0;

  let body;
  if (!hasParticipants || !hasDocs) {
    body = (
      <EmptyHint
        icon={<IconLayoutGrid size={28} />}
        title={t('planGrid.emptyTitle')}
        text={t(
          !hasParticipants && !hasDocs
            ? 'planGrid.emptyBoth'
            : !hasParticipants
              ? 'planGrid.emptyParticipants'
              : 'planGrid.emptyDocs',
        )}
      >
        {!hasDocs ? (
          <Button
            variant={hasParticipants ? 'filled' : 'default'}
            leftSection={<IconFiles size={16} />}
            onClick={() => onOpenTab('docs')}
          >
            {t('planGrid.toDocs')}
          </Button>
        ) : null}
        {!hasParticipants ? (
          <Button leftSection={<IconUsers size={16} />} onClick={() => onOpenTab('participants')}>
            {t('planGrid.toParticipants')}
          </Button>
        ) : null}
      </EmptyHint>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyHint
        icon={<IconSearch size={28} />}
        title={t('planGrid.noMatchesTitle')}
        text={filtering ? t('planGrid.noMatchesText', { text: deferredFilter.trim() }) : t('planGrid.noDocsInPhase')}
      >
        <Button
          variant="default"
          onClick={() => {
            setFilterText('');
            setChosenPhaseId(null);
          }}
        >
          {t('planGrid.showAll')}
        </Button>
      </EmptyHint>
    );
  } else {
    body = (
      <Paper withBorder radius="md" style={{ overflow: 'hidden', display: 'flex' }}>
        <PlanGrid
          rows={rows}
          columns={columns}
          groups={groups}
          index={index}
          rules={rules}
          counts={counts}
          shownDocCount={docIds.length}
          roleNames={roleNames}
          downloads={downloads}
          height={height - 2}
          label={t('planGrid.gridLabel')}
          actions={actions}
          firstColWidth={phone ? COMPACT_FIRST_COL_WIDTH : FIRST_COL_WIDTH}
        />
      </Paper>
    );
  }

  return (
    <Box>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flexGrow: 1 }}>
          <TextInput
            aria-label={t('planGrid.filterLabel')}
            placeholder={t('planGrid.filterPlaceholder')}
            leftSection={<IconSearch size={16} />}
            rightSection={
              filterText ? (
                <IconX
                  size={16}
                  role="button"
                  aria-label={t('planGrid.clearFilter')}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setFilterText('')}
                />
              ) : null
            }
            value={filterText}
            onChange={(e) => setFilterText(e.currentTarget.value)}
            // Its label says 'Pläne filtern'; the placeholder names what is searched, and the field
            // takes the larger share of a phone's row so that the placeholder is read whole.
            w={{ base: 'auto', sm: 260 }}
            flex={{ base: 2, sm: 'none' }}
            miw={0}
            disabled={!hasDocs}
          />
          <Select
            aria-label={t('planGrid.phaseLabel')}
            data={[
              { value: '', label: t('planGrid.allPhases') },
              ...model.phases.map((p) => ({ value: p._id, label: `${p.shortcut} · ${p.name}` })),
            ]}
            value={phaseId ?? ''}
            onChange={(value) => setChosenPhaseId(value || null)}
            allowDeselect={false}
            w={{ base: 'auto', sm: 260 }}
            flex={{ base: 1, sm: 'none' }}
            miw={0}
            disabled={!hasDocs}
          />
        </Group>
        <Group gap="md" style={{ rowGap: 4 }}>
          {(['RED', 'GREEN', 'GRAY'] as const).map((state) => (
            <Group key={state} gap={6} wrap="nowrap">
              <DeliverDot state={state} label={t(`planGrid.deliver.${state}`)} />
              <Text size="xs" c="dimmed">
                {t(`planGrid.legend.${state}`)}
              </Text>
            </Group>
          ))}
          {(['red', 'green'] as const).map((state) => (
            <Group key={state} gap={6} wrap="nowrap">
              <DownloadMark state={state} label={t(`participants.download.${state}`)} />
              <Text size="xs" c="dimmed">
                {t(`planGrid.legend.download_${state}`)}
              </Text>
            </Group>
          ))}
          <Group gap={6} wrap="nowrap">
            <span className={classes.standingSample} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('planGrid.legend.standing')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {sizeText}
          </Text>
        </Group>
      </Group>
      <Box ref={bodyRef}>{body}</Box>
    </Box>
  );
}
