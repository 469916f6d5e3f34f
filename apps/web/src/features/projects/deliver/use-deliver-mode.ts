import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi, templateApi } from '../../../api/delivery-api';
import { queryKeys } from '../../../api/query-keys';
import { liveEvents } from '../../../session/live-events';
import { deliveryChangedAfterUpdate } from '../../../session/update-data';
import type { ProjectModel } from '../model/project-model';
import { defaultSubject, firstDeliverablePhase } from './deliver-model';
import { isDeliveryInProgress, isDeliveryProgressEvent } from './delivery-progress';
import {
  closedDeliverMode,
  deliverModeReducer,
  type DeliverAction,
  type DeliverModeState,
  type DeliverView,
} from './deliver-state';

/**
 * Deliver mode of the project screen: its state, kept in step with the live subs (a sub delivered
 * meanwhile leaves the selection) and with the live progress of the running delivery.
 */
export function useDeliverMode(model: ProjectModel | null): {
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  /**
   * Enters deliver mode on the given list, with only `docIds` selected when given; answers the phase
   * to jump to (first with deliverable docs).
   */
  enter: (view: DeliverView, docIds?: readonly string[]) => string | null;
} {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(deliverModeReducer, undefined, closedDeliverMode);
  const queryClient = useQueryClient();
  const subs = model?.bundle.subs;
  const projectId = model?.bundle.project._id;

  useEffect(() => {
    if (subs && state.active) dispatch({ type: 'reconcile', subs });
  }, [subs, state.active]);

  useEffect(
    () =>
      liveEvents.on('deliveryProgress', (payload) => {
        if (isDeliveryProgressEvent(payload) && payload.projectId === projectId)
          dispatch({ type: 'progress', event: payload });
      }),
    [projectId],
  );

  // A delivery still sending when the screen opens (a reload, another tab, a way back to the
  // project): deliver mode shows its progress again. A failed read leaves the screen as it is.
  useEffect(() => {
    if (!projectId) return;
    let current = true;
    deliveryApi.running(projectId).then(
      ({ delivery }) => current && delivery && dispatch({ type: 'reopen', delivery }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [projectId]);

  // Catching up: once when the running delivery is first shown (events may have passed before this
  // screen listened), and whenever the socket is back after a drop (sleep, Wi-Fi change), whose
  // events are lost. A failed read changes nothing: the live events or the next reconnect go on.
  const deliveryId = state.delivery?._id;
  const inProgress = isDeliveryInProgress(state.delivery);
  useEffect(() => {
    if (!deliveryId || !inProgress) return;
    let current = true;
    const resync = () =>
      deliveryApi.progress(deliveryId).then(
        (delivery) => current && dispatch({ type: 'resync', delivery }),
        () => undefined,
      );
    void resync();
    const offAuthenticated = liveEvents.on('authenticated', () => void resync());
    // A colleague's stop ends the delivery without progress events: its receivers turn STOPPED here.
    const offChange = liveEvents.on('updateData', (payload) => {
      if (deliveryChangedAfterUpdate(payload) === projectId) void resync();
    });
    return () => {
      current = false;
      offAuthenticated();
      offChange();
    };
  }, [deliveryId, inProgress, projectId]);

  const enter = useCallback(
    (view: DeliverView, docIds?: readonly string[]) => {
      if (!model) return null;
      void queryClient.prefetchQuery({ queryKey: queryKeys.templates, queryFn: templateApi.list });
      dispatch({
        type: 'enter',
        subs: model.bundle.subs,
        view,
        subject: defaultSubject(model.bundle.project, t('deliver.subjectPrefix')),
        docIds,
      });
      const subs = docIds ? model.bundle.subs.filter((s) => docIds.includes(s.doc)) : model.bundle.subs;
      return firstDeliverablePhase(model, subs);
    },
    [model, queryClient, t],
  );

  return { state, dispatch, enter };
}
