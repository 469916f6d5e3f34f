import { Box, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconEye, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryApi } from '../../../api/delivery-api';
import { DeliveryError } from './DeliveryError';

export interface PreviewReceiver {
  participantId: string;
  name: string;
  subIds: string[];
}

interface PreviewPanelProps {
  projectId: string;
  receivers: readonly PreviewReceiver[];
  receiverId: string | null;
  onReceiver: (participantId: string | null) => void;
  request: {
    subject: string;
    userMessage: string;
    sendToBcc: boolean;
    includeSubscriberlistForDocs: string[];
    requestReceipt: boolean;
    receiptReminderDays: number | null;
  };
  /** A change of this number (a template applied) loads the preview again with the latest message. */
  refreshOn?: number;
}

/**
 * The exact e-mail one receiver will get (POST /delivery/preview, the sender's renderer), shown in
 * a sandboxed frame: no scripts, no access to this page.
 */
export function PreviewPanel({
  projectId,
  receivers,
  receiverId,
  onReceiver,
  request,
  refreshOn = 0,
}: PreviewPanelProps) {
  const { t } = useTranslation();
  const [shownFor, setShownFor] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: deliveryApi.preview });
  const receiver = receivers.find((r) => r.participantId === receiverId) ?? null;

  const load = () => {
    if (!receiver) return;
    setShownFor(receiver.participantId);
    preview.mutate({
      projectId,
      participantId: receiver.participantId,
      subIds: receiver.subIds,
      forceSending: true,
      ...request,
    });
  };

  // Choosing another receiver shows their mail at once; text changes wait for 'refresh'.
  useEffect(
    () => {
      if (receiver && receiver.participantId !== shownFor) load();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads the latest message when the receiver changes
    [receiver?.participantId],
  );
  // A template applied replaces the whole text: shown at once, as if 'refresh' were clicked. The
  // effect runs after the render that carries the new text in `request`.
  useEffect(
    () => {
      if (refreshOn > 0) load();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads the latest message when a template was applied
    [refreshOn],
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Select
            flex={1}
            label={t('deliver.preview.receiver')}
            placeholder={t('deliver.preview.choose')}
            data={receivers.map((r) => ({ value: r.participantId, label: r.name }))}
            value={receiverId}
            onChange={onReceiver}
            searchable
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={load}
            disabled={!receiver}
            loading={preview.isPending}
          >
            {t('deliver.preview.refresh')}
          </Button>
        </Group>
        {preview.isError ? (
          <DeliveryError title={t('deliver.preview.failed')} error={preview.error} />
        ) : (
          <Box
            pos="relative"
            h={520}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, overflow: 'hidden' }}
            bg="var(--mantine-color-gray-0)"
          >
            {preview.data ? (
              <iframe
                title={t('deliver.preview.frame', { name: receiver?.name ?? '' })}
                sandbox=""
                srcDoc={preview.data.previewHtml}
                style={{ width: '100%', height: '100%', border: 0, background: 'white' }}
              />
            ) : (
              <Stack align="center" justify="center" h="100%" gap="xs">
                <IconEye size={28} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('deliver.preview.empty')}
                </Text>
              </Stack>
            )}
            {preview.isPending ? (
              <Stack
                pos="absolute"
                inset={0}
                align="center"
                justify="center"
                bg="rgba(255,255,255,0.7)"
                aria-label={t('deliver.preview.loading')}
              >
                <Loader size="sm" />
              </Stack>
            ) : null}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
