import { ActionIcon, Box, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { formatFileSize, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconFileUpload, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { isResumableFailure, uploadPercent, type UploadItem } from '../model/upload-state';
import { uploadStore } from '../uploads/upload-store';
import { tabular } from '../docs/columns';

/**
 * One upload in flight: name, progress bar with percent and size, cancel; errors stay until dismissed.
 * An upload stopped by a full disk offers "Fortsetzen" (it goes on where it stopped); its × gives it up.
 */
export function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const percent = uploadPercent(item);
  const active = item.state === 'UPLOADING';
  const color =
    item.state === 'ERROR' ? 'red' : item.state === 'CANCELED' ? 'gray' : item.state === 'FINISHED' ? 'green' : 'brand';
  const failedUpload = item.state === 'ERROR';
  const resumable = failedUpload && isResumableFailure(item.error);
  const closeLabel = active
    ? t('context.upload.cancel', { name: item.filename })
    : resumable
      ? t('context.upload.discard', { name: item.filename })
      : t('context.upload.dismiss');
  const close = () => {
    if (active) uploadStore.cancel(item.id);
    else if (resumable) uploadStore.discard(item.id);
    else uploadStore.remove(item.id);
  };
  const status = failedUpload
    ? t(`msg.${item.error ?? 'upload.failed'}`)
    : item.state === 'CANCELED'
      ? t('context.upload.canceled')
      : item.state === 'FINISHED'
        ? t('context.upload.finished')
        : item.step === 'hashing'
          ? t('context.upload.hashing')
          : t('context.upload.bytes', {
              sent: formatFileSize(item.bytesSent, locale),
              total: formatFileSize(item.size, locale),
            });

  return (
    <Box
      py={8}
      px="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      role="group"
      aria-label={item.filename}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFileUpload
          size={20}
          color={`var(--mantine-color-${color}-6)`}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {item.filename}
            </Text>
            {/* A refused file names the reason instead of a full bar: it was sent, but not taken. */}
            <Text
              size="sm"
              fw={600}
              style={{ ...tabular, whiteSpace: 'nowrap', flexShrink: 0 }}
              c={color === 'brand' ? undefined : `${color}.7`}
            >
              {resumable
                ? t('context.upload.paused')
                : failedUpload
                  ? t('context.upload.failed')
                  : t('context.upload.percent', { percent })}
            </Text>
          </Group>
          {failedUpload ? null : (
            <Progress value={percent} color={color} size="sm" animated={active} aria-label={item.filename} />
          )}
          <Text
            size={failedUpload ? 'sm' : 'xs'}
            c={failedUpload ? 'red.7' : 'dimmed'}
            style={tabular}
            role={failedUpload ? 'alert' : undefined}
          >
            {status}
          </Text>
          {resumable ? (
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                aria-label={t('context.upload.resumeLabel', { name: item.filename })}
                onClick={() => uploadStore.resume(item.id)}
              >
                {t('context.upload.resume')}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Tooltip label={closeLabel} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={closeLabel} onClick={close}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}
