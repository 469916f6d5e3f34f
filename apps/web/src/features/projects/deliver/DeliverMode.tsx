import { Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi } from '../../../api/delivery-api';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useLeaveGuard } from '../../../router/leave-guard';
import type { ProjectModel } from '../model/project-model';
import { confirmLeaveDeliverMode } from './confirm-leave';
import { DeliverBand } from './DeliverBand';
import { defaultSubject, selectionCounts } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { isDeliveryInProgress, progressCounts } from './delivery-progress';
import { MessageStep } from './MessageStep';
import { SelectionStep } from './SelectionStep';
import { SendProgress } from './SendProgress';

interface DeliverModeProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  phaseId: string | null;
  onSelectPhase: (phaseId: string) => void;
}

/** Deliver mode (spec §4): the band, then the selection step, the message step, or the running delivery. */
export function DeliverMode({ model, state, dispatch, phaseId, onSelectPhase }: DeliverModeProps) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const inProgress = isDeliveryInProgress(state.delivery);
  const counts = selectionCounts(state.selection, model.bundle.subs, model);
  const stop = useMutation({
    mutationFn: () => deliveryApi.stop(projectId),
    onSuccess: () => dispatch({ type: 'stopped' }),
    onError: notifyError,
  });

  // The toast once per delivery, when its last receiver is through (spec §8 'files successfully
  // delivered') — also when a small delivery was already through as its answer arrived.
  const toasted = useRef(inProgress ? null : (state.delivery?._id ?? null));
  useEffect(() => {
    const delivery = state.delivery;
    if (!delivery || inProgress || toasted.current === delivery._id) return;
    toasted.current = delivery._id;
    // A stopped delivery says so in its summary; 'successfully delivered' would claim too much.
    if (delivery.status !== 'STOPPED' && progressCounts(delivery).SUCCESS > 0) notifySuccess('message_files_delivered');
  }, [inProgress, state.delivery]);

  // Every way out asks first (spec §4 'Leaving asks for confirmation'): the band's 'Abbrechen',
  // links and buttons that navigate, the browser's back, sign-out, closing or reloading the tab.
  // It asks whenever deliver mode is open, not only after a change: entering already selects
  // everything RED, so even an untouched deliver mode holds a selection the office chose to start,
  // and one rule is easier to trust than a guess at what the office would miss.
  const confirmLeave = useCallback(() => confirmLeaveDeliverMode(inProgress), [inProgress]);
  useLeaveGuard(true, confirmLeave);
  const leave = () => void confirmLeave().then((yes) => yes && dispatch({ type: 'leave' }));

  const closeSummary = () => {
    const close = () =>
      dispatch({ type: 'closeSummary', subject: defaultSubject(model.bundle.project, t('deliver.subjectPrefix')) });
    if (!state.message.text.trim()) return close();
    modals.openConfirmModal({
      title: t('deliver.progress.closeTitle'),
      children: t('deliver.progress.closeText'),
      labels: { confirm: t('deliver.progress.closeConfirm'), cancel: t('common.cancel') },
      onConfirm: close,
    });
  };

  const participantById = new Map(model.bundle.participants.map((p) => [p._id, p]));
  return (
    <Stack gap="sm">
      <DeliverBand
        step={state.step}
        redOnly={state.redOnly}
        busy={inProgress}
        sending={state.delivery !== null}
        onToggleRedOnly={() => dispatch({ type: 'toggleRedOnly', subs: model.bundle.subs })}
        onLeave={leave}
      />
      {state.delivery ? (
        <SendProgress
          delivery={state.delivery}
          participantById={participantById}
          stopping={stop.isPending}
          onStop={() => stop.mutate()}
          onClose={closeSummary}
        />
      ) : state.step === 'selection' ? (
        <SelectionStep
          model={model}
          state={state}
          dispatch={dispatch}
          phaseId={phaseId}
          onSelectPhase={onSelectPhase}
          counts={counts}
        />
      ) : (
        <MessageStep model={model} state={state} dispatch={dispatch} counts={counts} />
      )}
    </Stack>
  );
}
