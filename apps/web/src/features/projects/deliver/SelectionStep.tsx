import { Button, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { redOnlyVisible } from '@plankurier/shared';
import { IconArrowRight } from '@tabler/icons-react';
import { useMemo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectModel } from '../model/project-model';
import { PhaseChips } from '../page/PhaseChips';
import { DeliverBar } from './DeliverBar';
import type { SelectionCounts } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { DocSelectList } from './DocSelectList';
import { ParticipantSelectList } from './ParticipantSelectList';

interface SelectionStepProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  phaseId: string | null;
  onSelectPhase: (phaseId: string) => void;
  counts: SelectionCounts;
}

/** Step one: which plans go to whom, from the plan list or the receiver list. */
export function SelectionStep({ model, state, dispatch, phaseId, onSelectPhase, counts }: SelectionStepProps) {
  const { t } = useTranslation();
  const subs = model.bundle.subs;
  const visible = useMemo(() => (state.redOnly ? redOnlyVisible(subs) : null), [state.redOnly, subs]);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          value={state.view}
          onChange={(value) => dispatch({ type: 'view', view: value === 'participants' ? 'participants' : 'docs' })}
          data={[
            { value: 'docs', label: t('deliver.views.docs') },
            { value: 'participants', label: t('deliver.views.participants') },
          ]}
          aria-label={t('deliver.viewLabel')}
        />
        {state.view === 'docs' ? <PhaseChips phases={model.phases} value={phaseId} onChange={onSelectPhase} /> : null}
      </Group>
      {/* The rows keep their columns; on a phone they scroll inside the list, not the page. */}
      <Paper withBorder radius="md" py="xs" style={{ overflowX: 'auto' }}>
        {state.view === 'docs' ? (
          <DocSelectList model={model} phaseId={phaseId} state={state} dispatch={dispatch} visible={visible} />
        ) : (
          <ParticipantSelectList model={model} state={state} dispatch={dispatch} visible={visible} />
        )}
      </Paper>
      <DeliverBar counts={counts}>
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={counts.participants === 0}
          onClick={() => dispatch({ type: 'step', step: 'message_and_overview' })}
        >
          {t('deliver.next')}
        </Button>
      </DeliverBar>
    </Stack>
  );
}
