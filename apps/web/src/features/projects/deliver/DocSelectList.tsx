import { Group, Text } from '@mantine/core';
import {
  docSelection,
  docSelectState,
  type DocDto,
  type ParticipantDto,
  type redOnlyVisible,
  type SubscriptionDto,
} from '@plankurier/shared';
import { IconFiles } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { docRowInfo, type ProjectModel } from '../model/project-model';
import { subFormats } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { FormatBadges } from './FormatBadges';
import { tabular } from './row-styles';
import { SelectBlock } from './SelectBlock';
import { SelectGroups } from './SelectGroups';

interface DocSelectListProps {
  model: ProjectModel;
  phaseId: string | null;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  /** With the red-only filter on: the docs and participants left visible. */
  visible: ReturnType<typeof redOnlyVisible> | null;
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
      items: (model.docsByFolder.get(folder._id) ?? []).filter((d) => !visible || visible.docIds.has(d._id)),
    }))
    .filter((g) => g.items.length > 0);

  return (
    <SelectGroups
      label={t('deliver.docsLabel')}
      groups={groups}
      empty={{
        icon: <IconFiles size={28} />,
        title: t('deliver.noDocsTitle'),
        text: t(visible ? 'deliver.noRedDocs' : 'deliver.noDocs'),
      }}
      renderItem={(doc) => (
        <DocBlock
          key={doc._id}
          doc={doc}
          model={model}
          subs={subs.filter((s) => s.doc === doc._id && (!visible || visible.participantIds.has(s.participant)))}
          participantById={participantById}
          state={state}
          dispatch={dispatch}
        />
      )}
    />
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
  return (
    <SelectBlock
      head={{
        testId: 'deliver-doc',
        select: {
          state: docSelectState(state.selection, subs, doc._id),
          label: t('deliver.selectDoc', { name: label }),
          onToggle: () => dispatch({ type: 'toggleDoc', subs: all, docId: doc._id }),
        },
        name: label,
        collapsed: docSelection(state.selection, doc._id).isCollapsed,
        onToggleCollapsed: () => dispatch({ type: 'toggleDocCollapsed', docId: doc._id }),
        deliverState: doc.state.deliver,
      }}
      subs={subs}
      state={state}
      dispatch={dispatch}
      all={all}
      renderSub={(sub) => {
        const participant = participantById.get(sub.participant);
        if (!participant) return null;
        return {
          label: t('deliver.selectSub', { doc: doc.number, name: participant.name }),
          columns: (
            <>
              <Text size="sm" truncate="end">
                {participant.name}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {participant.company}
              </Text>
              <FormatBadges formats={subFormats(sub, model)} />
            </>
          ),
        };
      }}
    >
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
    </SelectBlock>
  );
}
