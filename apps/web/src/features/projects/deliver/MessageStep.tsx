import { Button, Grid, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { deliveryRequestOf, participantSelection, type DeliveryDto } from '@plankurier/shared';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi } from '../../../api/delivery-api';
import type { ProjectModel } from '../model/project-model';
import { DeliverBar } from './DeliverBar';
import { DeliveryError } from './DeliveryError';
import { selectedDocIds, type SelectionCounts } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { MessageEditor } from './MessageEditor';
import { OverviewTabs } from './OverviewTabs';
import { PreviewPanel } from './PreviewPanel';
import { newRequestKey } from './request-key';

interface MessageStepProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  counts: SelectionCounts;
}

/** Step two: the overview of what goes to whom, the cover message, the preview, and sending. */
export function MessageStep({ model, state, dispatch, counts }: MessageStepProps) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const [previewFor, setPreviewFor] = useState<string | null>(null);
  // Counts the templates applied: each one refreshes the preview, a typed change waits for 'refresh'.
  const [templatesApplied, setTemplatesApplied] = useState(0);
  // One key for this prepared send: sending again after a failed answer cannot send twice.
  const [requestKey] = useState(newRequestKey);
  const send = useMutation({
    mutationFn: deliveryApi.deliver,
    onSuccess: (delivery: DeliveryDto) => dispatch({ type: 'sendStarted', delivery }),
  });
  const docIds = selectedDocIds(state.selection, model);
  const request = deliveryRequestOf(state.selection);
  const message = {
    subject: state.message.subject,
    userMessage: state.message.text,
    sendToBcc: state.message.sendToBcc,
    includeSubscriberlistForDocs: request.includeSubscriberlistForDocs,
    requestReceipt: state.message.requestReceipt,
    receiptReminderDays: state.message.requestReceipt ? state.message.receiptReminderDays : null,
  };
  const receivers = model.bundle.participants
    .map((p) => ({
      participantId: p._id,
      name: p.name,
      subIds: [...participantSelection(state.selection, p._id).subscriptions],
    }))
    .filter((r) => r.subIds.length > 0);
  const again = state.selection.deliverAgain.length;

  const confirmSend = () =>
    modals.openConfirmModal({
      title: t(again ? 'deliver.send.againTitle' : 'deliver.send.title'),
      // The sentence agrees with the plans sent again, else with the plans (count picks the form).
      children: again
        ? t('deliver.send.againText', { count: again, docs: counts.docs, participants: counts.participants })
        : t('deliver.send.text', { count: counts.docs, participants: counts.participants }),
      labels: { confirm: t('deliver.send.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: again ? 'orange' : undefined },
      // Plans already sent, chosen again, make this a deliberate 'erneut senden': the server then
      // sends it even right after the same delivery went out (else 409 delivery.duplicate).
      onConfirm: () =>
        send.mutate({
          projectId,
          requestKey,
          participants: request.participants,
          forceSending: true,
          sendAgain: again > 0,
          ...message,
        }),
    });

  const error = send.isError ? send.error : null;
  return (
    <Stack gap="sm">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <OverviewTabs
            model={model}
            state={state}
            dispatch={dispatch}
            docIds={docIds}
            onPreview={setPreviewFor}
            disabled={send.isPending}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <MessageEditor
              message={state.message}
              onChange={(change) => dispatch({ type: 'message', change })}
              disabled={send.isPending}
              onTemplateApplied={() => setTemplatesApplied((n) => n + 1)}
            />
            <PreviewPanel
              projectId={projectId}
              receivers={receivers}
              receiverId={previewFor ?? receivers[0]?.participantId ?? null}
              onReceiver={setPreviewFor}
              request={message}
              refreshOn={templatesApplied}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <DeliverBar
        counts={counts}
        notice={error ? <DeliveryError title={t('deliver.send.failed')} error={error} /> : null}
      >
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => dispatch({ type: 'step', step: 'selection' })}
          disabled={send.isPending}
        >
          {t('deliver.back')}
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={confirmSend}
          loading={send.isPending}
          disabled={request.participants.length === 0 || !state.message.subject.trim()}
        >
          {t('deliver.send.button')}
        </Button>
      </DeliverBar>
    </Stack>
  );
}
