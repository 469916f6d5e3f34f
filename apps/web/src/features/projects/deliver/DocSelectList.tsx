import { Box, Group, Stack, Text } from '@mantine/core';
import {
  docSelection,
  docSelectState,
  subSelectState,
  type DocDto,
  type ParticipantDto,
  type SubscriptionDto,
} from '@plankurier/shared';
import { IconFiles } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import { docRowInfo, type ProjectModel } from '../model/project-model';
import { DeliverDot } from '../participants/DeliverDot';
import { aggregateDownload } from '../participants/download-state';
import { DownloadDot } from '../participants/DownloadDot';
import { subFormats } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { ExpandButton } from './ExpandButton';
import { FormatBadges } from './FormatBadges';
import { rowStyle, SELECT_GRID, SUB_GRID, tabular } from './row-styles';
import { SelectCheckbox } from './SelectCheckbox';

interface DocSelectListProps {
  model: ProjectModel;
  phaseId: string | null;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  /** With the red-only filter on: the docs and participants left visible. */
  visible: { docIds: Set<string>; participantIds: Set<string> } | null;
}

/** Deliver mode's plan list of one phase: a checkbox per plan and, beneath it, one per receiver (sub). */
export function DocSelectList({ model, phaseId, state, dispatch, visible }: DocSelectListProps) {
  const { t } = useTranslation();
  const subs = model.bundle.subs;
  const participantById = new Map(model.bundle.participants.map((p) => [p._id, p]));
  const folders = (phaseId ? model.foldersByPhase.get(phaseId) : undefined) ?? [];
  const groups = folders
    .map((folder) => ({
      folder,
      docs: (model.docsByFolder.get(folder._id) ?? []).filter((d) => !visible || visible.docIds.has(d._id)),
    }))
    .filter((g) => g.docs.length > 0);

  if (groups.length === 0) {
    return (
      <EmptyHint
        icon={<IconFiles size={28} />}
        title={t('deliver.noDocsTitle')}
        text={t(visible ? 'deliver.noRedDocs' : 'deliver.noDocs')}
      />
    );
  }
  return (
    <Stack gap="md" role="region" aria-label={t('deliver.docsLabel')}>
      {groups.map(({ folder, docs }) => (
        <Box key={folder._id}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={8} pb={4}>
            {folder.name}
          </Text>
          {docs.map((doc) => (
            <DocBlock
              key={doc._id}
              doc={doc}
              model={model}
              subs={subs.filter((s) => s.doc === doc._id && (!visible || visible.participantIds.has(s.participant)))}
              participantById={participantById}
              state={state}
              dispatch={dispatch}
            />
          ))}
        </Box>
      ))}
    </Stack>
  );
}

function DocBlock({
  doc,
  model,
  subs,
  participantById,
  state,
  dispatch,
}: {
  doc: DocDto;
  model: ProjectModel;
  subs: SubscriptionDto[];
  participantById: Map<string, ParticipantDto>;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
}) {
  const { t } = useTranslation();
  const all = model.bundle.subs;
  const info = docRowInfo(doc, model);
  const label = `${doc.number} ${doc.name}`;
  const expanded = !docSelection(state.selection, doc._id).isCollapsed && subs.length > 0;
  return (
    <Box>
      <Box style={{ ...rowStyle(SELECT_GRID), background: 'var(--mantine-color-gray-0)' }} data-testid="deliver-doc">
        <SelectCheckbox
          state={docSelectState(state.selection, subs, doc._id)}
          label={t('deliver.selectDoc', { name: label })}
          onToggle={() => dispatch({ type: 'toggleDoc', subs: all, docId: doc._id })}
        />
        {subs.length > 0 ? (
          <ExpandButton
            expanded={expanded}
            label={t(expanded ? 'deliver.collapse' : 'deliver.expand', { name: label })}
            onToggle={() => dispatch({ type: 'toggleDocCollapsed', docId: doc._id })}
          />
        ) : (
          <span />
        )}
        <Group gap={4} wrap="nowrap">
          <DeliverDot state={doc.state.deliver} />
          <DownloadDot state={aggregateDownload(subs)} />
        </Group>
        <Text size="sm" fw={600} truncate="end" style={tabular}>
          {doc.number}
        </Text>
        <Text size="sm" truncate="end">
          {doc.name}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {subs.length > 0 ? t('deliver.receiverCount', { count: subs.length }) : t('deliver.noReceivers')}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={700} style={tabular} w="1.5rem">
            {info.currentIndex ?? ''}
          </Text>
          <FormatBadges formats={info.formats} />
        </Group>
      </Box>
      {expanded
        ? subs.map((sub) => {
            const participant = participantById.get(sub.participant);
            if (!participant) return null;
            return (
              <Box key={sub._id} style={rowStyle(SUB_GRID, 28)} data-testid="deliver-sub">
                <SelectCheckbox
                  state={subSelectState(state.selection, sub)}
                  label={t('deliver.selectSub', { doc: doc.number, name: participant.name })}
                  onToggle={() => dispatch({ type: 'toggleSub', subs: all, subId: sub._id })}
                />
                <span />
                <Group gap={4} wrap="nowrap">
                  <DeliverDot state={sub.state.deliver} />
                  <DownloadDot state={sub.state.download} />
                </Group>
                <Text size="sm" truncate="end">
                  {participant.name}
                </Text>
                <Text size="sm" c="dimmed" truncate="end">
                  {participant.company}
                </Text>
                <FormatBadges formats={subFormats(sub, model)} />
              </Box>
            );
          })
        : null}
    </Box>
  );
}
