import { ActionIcon, Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  archiveProgressPercent,
  formatDate,
  formatFileSize,
  formatTime,
  type ArchiveDto,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconDownload, IconFileZip, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';

/** One archive: kind, and either its progress (with cancel) or size, dates, download and delete. */
export function ArchiveRow({
  archive,
  onDownload,
  onDelete,
  busy,
}: {
  archive: ArchiveDto;
  onDownload: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const kind = archive.pdfOnly ? t('archives.kindPdf') : t('archives.kindPdfTec');
  const created = `${formatDate(archive.created, locale)} ${formatTime(archive.created)}`;
  const percent = archiveProgressPercent(archive);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="md"
      py="sm"
      px="md"
      data-testid="archive-row"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <IconFileZip size={28} stroke={1.5} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('archives.rowTitle', { kind })}
            </Text>
            {archive.status === 'RUNNING' ? (
              <Badge variant="light" color="blue" size="sm">
                {t('archives.statusRunning')}
              </Badge>
            ) : null}
            {archive.status === 'FAILED' ? (
              <Badge variant="light" color="red" size="sm">
                {t('archives.statusFailed')}
              </Badge>
            ) : null}
          </Group>
          {archive.status === 'RUNNING' ? (
            <>
              <Progress value={percent} striped animated size="md" aria-label={t('archives.progressLabel')} />
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {archive.bytesTotal === 0
                  ? t('archives.preparing')
                  : t('archives.progress', { done: archive.filesDone, count: archive.filesTotal, percent })}
              </Text>
            </>
          ) : null}
          {archive.status === 'FINISHED' ? (
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('archives.finishedDetails', {
                size: formatFileSize(archive.size ?? 0, locale),
                count: archive.filesTotal,
                created,
                expires: archive.expires ? formatDate(archive.expires, locale) : '–',
              })}
            </Text>
          ) : null}
          {archive.status === 'FAILED' ? (
            <Text size="xs" c="red">
              {t('archives.failedText')}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {archive.status === 'FINISHED' ? (
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={onDownload}>
            {t('archives.download')}
          </Button>
        ) : null}
        {archive.status === 'RUNNING' ? (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onDelete} loading={busy}>
            {t('archives.cancel')}
          </Button>
        ) : (
          <Tooltip label={t('archives.delete')} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('archives.delete')}
              onClick={onDelete}
              loading={busy}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
