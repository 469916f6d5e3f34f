import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatCount, type ImportInfo } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { importProgress } from './import-report';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** A running import: file name and the live count of processed lines. */
export function ImportProgress({ info }: { info: ImportInfo }) {
  const { t } = useTranslation();
  const percent = importProgress(info);
  const locale = currentLocale();
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
            ? t('contacts.import.progress', {
                count: info.totalLines,
                processed: formatCount(info.processedLines, locale),
                formatted: formatCount(info.totalLines, locale),
              })
            : t('contacts.import.progressLines', {
                count: info.processedLines,
                formatted: formatCount(info.processedLines, locale),
              })}
        </Text>
      </Stack>
    </Paper>
  );
}
