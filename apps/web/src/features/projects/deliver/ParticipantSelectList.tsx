import { Box, Group, Stack, Text } from '@mantine/core';
import {
  participantSelection,
  participantSelectState,
  subSelectState,
  type ParticipantDto,
  type SubscriptionDto,
} from '@plankurier/shared';
import { IconUsers } from '@tabler/icons-react';
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

interface ParticipantSelectListProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  visible: { docIds: Set<string>; participantIds: Set<string> } | null;
}

const bySortOrder = (a: { sortOrder: number }, b: { sortOrder: number }) => a.sortOrder - b.sortOrder;

/** Deliver mode's receiver list: a checkbox per participant and, beneath it, one per plan (sub). */
export function ParticipantSelectList({ model, state, dispatch, visible }: ParticipantSelectListProps) {
  const { t } = useTranslation();
  const { participants, participantfolders, subs } = model.bundle;
  const groups = [...participantfolders]
    .sort(bySortOrder)
    .map((folder) => ({
      folder,
      participants: participants
        .filter((p) => p.folder === folder._id && (!visible || visible.participantIds.has(p._id)))
        .sort(bySortOrder),
    }))
    .filter((g) => g.participants.length > 0);

  if (groups.length === 0) {
    return (
      <EmptyHint
        icon={<IconUsers size={28} />}
        title={t('deliver.noParticipantsTitle')}
        text={t(visible ? 'deliver.noRedParticipants' : 'deliver.noParticipants')}
      />
    );
  }
  return (
    <Stack gap="md" role="region" aria-label={t('deliver.participantsLabel')}>
      {groups.map(({ folder, participants: members }) => (
        <Box key={folder._id}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={8} pb={4}>
            {folder.name}
          </Text>
          {members.map((participant) => (
            <ParticipantBlock
              key={participant._id}
              participant={participant}
              model={model}
              subs={subs.filter((s) => s.participant === participant._id && (!visible || visible.docIds.has(s.doc)))}
              state={state}
              dispatch={dispatch}
            />
          ))}
        </Box>
      ))}
    </Stack>
  );
}

function ParticipantBlock({
  participant,
  model,
  subs,
  state,
  dispatch,
}: {
  participant: ParticipantDto;
  model: ProjectModel;
  subs: SubscriptionDto[];
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
}) {
  const { t } = useTranslation();
  const all = model.bundle.subs;
  const expanded = !participantSelection(state.selection, participant._id).isCollapsed && subs.length > 0;
  return (
    <Box>
      <Box
        style={{ ...rowStyle(SELECT_GRID), background: 'var(--mantine-color-gray-0)' }}
        data-testid="deliver-participant"
      >
        <SelectCheckbox
          state={participantSelectState(state.selection, subs, participant._id)}
          label={t('deliver.selectParticipant', { name: participant.name })}
          onToggle={() => dispatch({ type: 'toggleParticipant', subs: all, participantId: participant._id })}
        />
        {subs.length > 0 ? (
          <ExpandButton
            expanded={expanded}
            label={t(expanded ? 'deliver.collapse' : 'deliver.expand', { name: participant.name })}
            onToggle={() => dispatch({ type: 'toggleParticipantCollapsed', participantId: participant._id })}
          />
        ) : (
          <span />
        )}
        <Group gap={4} wrap="nowrap">
          <DeliverDot state={participant.state.deliver} />
          <DownloadDot state={aggregateDownload(subs)} />
        </Group>
        <Text size="sm" fw={600} truncate="end">
          {participant.name}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {participant.company}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {participant.email}
        </Text>
        <Text size="sm" c="dimmed">
          {subs.length > 0 ? t('deliver.planCount', { count: subs.length }) : t('deliver.noPlans')}
        </Text>
      </Box>
      {expanded
        ? subs.map((sub) => {
            const doc = model.docById.get(sub.doc);
            if (!doc) return null;
            const info = docRowInfo(doc, model);
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
                  <Text span fw={600} style={tabular}>
                    {doc.number}
                  </Text>{' '}
                  {doc.name}
                </Text>
                <Text size="sm" fw={700} style={tabular}>
                  {info.currentIndex ?? ''}
                </Text>
                <FormatBadges formats={subFormats(sub, model)} />
              </Box>
            );
          })
        : null}
    </Box>
  );
}
