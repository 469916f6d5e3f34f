import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconFileTypePdf, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cancelPrint, dismissPrint, download, usePrints, type PrintEntry } from './print-store';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

/** The project's running and finished prints, bottom right: progress, cancel, download. */
export function PrintDock({ projectId }: { projectId: string }) {
  const prints = usePrints(projectId);
  if (prints.length === 0) return null;
  return (
    <Stack
      gap="xs"
      w={340}
      maw="calc(100vw - 48px)"
      style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 300 }}
      aria-live="polite"
    >
      {prints.map((entry) => (
        <PrintCard key={entry.print._id} entry={entry} />
      ))}
    </Stack>
  );
}

function PrintCard({ entry }: { entry: PrintEntry }) {
  const { t } = useTranslation();
  const { print } = entry;
  const running = !print.isFinished && !print.isFailed;
  const status = print.isFailed
    ? t('prints.failed')
    : print.isFinished
      ? print.format === 'csv'
        ? t('prints.finishedCsv')
        : t('prints.finished', { count: print.numberOfPages })
      : print.numberOfPages > 0
        ? t('prints.pages', { done: print.numberOfPagesProcessed, total: print.numberOfPages })
        : t('prints.rendering');
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" role="status" aria-label={entry.label}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {print.format === 'csv' ? (
          <IconFileTypeCsv size={22} color="var(--mantine-color-brand-6)" aria-hidden />
        ) : (
          <IconFileTypePdf size={22} color="var(--mantine-color-brand-6)" aria-hidden />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {entry.label}
          </Text>
          <Text size="xs" c={print.isFailed ? 'red' : 'dimmed'}>
            {status}
          </Text>
          {running ? (
            <Progress
              value={print.numberOfPages > 0 ? print.progress : 100}
              animated={print.numberOfPages === 0}
              striped={print.numberOfPages === 0}
              size="sm"
              aria-label={t('prints.progress')}
            />
          ) : null}
          {print.isFinished ? (
            <Group gap="xs" mt={4}>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={entry.downloading}
                onClick={() => void download(print._id)}
              >
                {t('prints.download')}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Tooltip label={running ? t('prints.cancel') : t('prints.close')} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={running ? t('prints.cancel') : t('prints.close')}
            onClick={() => (running ? cancelPrint(print._id) : dismissPrint(print._id))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
