import { Text } from '@mantine/core';
import {
  participantSelection,
  participantSelectState,
  type ParticipantDto,
  type redOnlyVisible,
  type SubscriptionDto,
} from '@plankurier/shared';
import { IconUsers } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { docRowInfo, type ProjectModel } from '../model/project-model';
import { subFormats } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { FormatBadges } from './FormatBadges';
import { tabular } from './row-styles';
import { SelectBlock } from './SelectBlock';
import { SelectGroups } from './SelectGroups';

interface ParticipantSelectListProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  visible: ReturnType<typeof redOnlyVisible> | null;
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
      items: participants
        .filter((p) => p.folder === folder._id && (!visible || visible.participantIds.has(p._id)))
        .sort(bySortOrder),
    }))
    .filter((g) => g.items.length > 0);

  return (
    <SelectGroups
      label={t('deliver.participantsLabel')}
      groups={groups}
      empty={{
        icon: <IconUsers size={28} />,
        title: t('deliver.noParticipantsTitle'),
        text: t(visible ? 'deliver.noRedParticipants' : 'deliver.noParticipants'),
      }}
      renderItem={(participant) => (
        <ParticipantBlock
          key={participant._id}
          participant={participant}
          model={model}
          subs={subs.filter((s) => s.participant === participant._id && (!visible || visible.docIds.has(s.doc)))}
          state={state}
          dispatch={dispatch}
        />
      )}
    />
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
  return (
    <SelectBlock
      head={{
        testId: 'deliver-participant',
        select: {
          state: participantSelectState(state.selection, subs, participant._id),
          label: t('deliver.selectParticipant', { name: participant.name }),
          onToggle: () => dispatch({ type: 'toggleParticipant', subs: all, participantId: participant._id }),
        },
        name: participant.name,
        collapsed: participantSelection(state.selection, participant._id).isCollapsed,
        onToggleCollapsed: () => dispatch({ type: 'toggleParticipantCollapsed', participantId: participant._id }),
        deliverState: participant.state.deliver,
      }}
      subs={subs}
      state={state}
      dispatch={dispatch}
      all={all}
      renderSub={(sub) => {
        const doc = model.docById.get(sub.doc);
        if (!doc) return null;
        return {
          label: t('deliver.selectSub', { doc: doc.number, name: participant.name }),
          columns: (
            <>
              <Text size="sm" truncate="end">
                <Text span fw={600} style={tabular}>
                  {doc.number}
                </Text>{' '}
                {doc.name}
              </Text>
              <Text size="sm" fw={700} style={tabular}>
                {docRowInfo(doc, model).currentIndex ?? ''}
              </Text>
              <FormatBadges formats={subFormats(sub, model)} />
            </>
          ),
        };
      }}
    >
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
    </SelectBlock>
  );
}
