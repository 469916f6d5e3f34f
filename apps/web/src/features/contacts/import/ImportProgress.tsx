import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportInfo } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { importProgress } from './import-report';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** A running import: file name and the live count of processed lines. */
export function ImportProgress({ info }: { info: ImportInfo }) {
  const { t } = useTranslation();
  const percent = importProgress(info);
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm">
        <Group gap="sm">
          <Loader size="sm" />
          <Text fw={600}>{t('contacts.import.running', { filename: info.filename })}</Text>
        </Group>
        <Progress
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          size="lg"
          aria-label={t('contacts.import.progressLabel')}
        />
        <Text size="sm" c="dimmed" style={tabular}>
          {info.totalLines > 0
            ? t('contacts.import.progress', { processed: info.processedLines, count: info.totalLines })
            : t('contacts.import.progressLines', { count: info.processedLines })}
        </Text>
      </Stack>
    </Paper>
  );
}
