import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount, formatDate, importOutcome, type ImportInfo } from '@plankurier/shared';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResetImport } from '../../../api/use-contacts';
import { currentLocale } from '../../../i18n';
import { notifyError } from '../../../notifications/notify';
import { importCounts, outcomeLook } from './import-report';
import { ImportFileFacts } from './ImportFileFacts';
import { ImportProblemTable } from './ImportProblemTable';
import { ImportStat } from './ImportStat';
import { UndoImportDialog } from './UndoImportDialog';

const ICONS = { green: IconCircleCheck, orange: IconAlertTriangle, red: IconAlertTriangle, blue: IconInfoCircle };

/** The end of an import: how it went, the numbers, what was recognised, the lines not taken. */
export function ImportReport({ info }: { info: ImportInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const locale = currentLocale();
  const counts = importCounts(info);
  const outcome = importOutcome(info);
  const look = outcomeLook(outcome);
  const Icon = ICONS[look.color];
  const failed = outcome === 'failed';
  const failureHint = `contacts.import.failureHint.${info.failure?.replace(/^import\./, '')}`;

  // mutateAsync: this report is gone once the import info reloads, the navigation must still happen.
  const finish = async () => {
    try {
      await reset.mutateAsync();
      void navigate('/contacts');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Icon size={22} color={`var(--mantine-color-${look.color}-7)`} aria-hidden style={{ flexShrink: 0 }} />
            <Title order={2} fz="h4" c={look.color === 'green' ? undefined : `${look.color}.8`} data-outcome={outcome}>
              {t(look.titleKey)}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {info.finishedAt
              ? t('contacts.import.fileAt', { filename: info.filename, date: formatDate(info.finishedAt, locale) })
              : info.filename}
          </Text>
        </div>

        {failed ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('contacts.import.failedText')}
            role="alert"
          >
            <Text size="sm">
              {t(`msg.${info.failure ?? 'common.internal'}`)}
              {info.details?.failureLine
                ? ` (${t('contacts.import.failedLine', { line: formatCount(info.details.failureLine, locale) })})`
                : ''}
            </Text>
            {i18n.exists(failureHint) ? (
              <Text size="sm" mt={4}>
                {t(failureHint)}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" maw={720}>
              <ImportStat
                label={t('contacts.import.imported')}
                value={counts.imported}
                color={counts.imported ? 'green.8' : 'red.7'}
              />
              <ImportStat label={t('contacts.import.duplicates')} value={counts.duplicates} />
              <ImportStat
                label={t('contacts.import.rejected')}
                value={counts.rejected}
                color={counts.rejected ? 'red.7' : undefined}
              />
            </SimpleGrid>
            {outcome === 'nothing' ? (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {t('contacts.import.nothingText', {
                  count: info.totalLines,
                  formatted: formatCount(info.totalLines, locale),
                })}
              </Alert>
            ) : outcome === 'nothing_new' ? (
              <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                {t('contacts.import.nothingNewText')}
              </Alert>
            ) : null}
          </>
        )}

        {info.details ? <ImportFileFacts details={info.details} /> : null}

        {!failed && info.invalid.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t('contacts.import.problemsTitle')}
            </Title>
            {counts.duplicates + counts.rejected > info.invalid.length ? (
              <Text size="sm" c="dimmed">
                {t('contacts.import.problemsMore', {
                  shown: formatCount(info.invalid.length, locale),
                  count: counts.duplicates + counts.rejected,
                  formatted: formatCount(counts.duplicates + counts.rejected, locale),
                })}
              </Text>
            ) : null}
            <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
              <ImportProblemTable problems={info.invalid} />
            </Paper>
          </Stack>
        ) : !failed && outcome === 'imported' ? (
          <Text size="sm">{t('contacts.import.allTaken')}</Text>
        ) : null}

        <Group gap="sm">
          <Button leftSection={<IconCheck size={16} />} onClick={() => void finish()} loading={reset.isPending}>
            {t('contacts.import.finish')}
          </Button>
          {!failed && counts.imported > 0 ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => setConfirmUndo(true)}
            >
              {t('contacts.import.undo')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <UndoImportDialog importId={info._id} opened={confirmUndo} onClose={() => setConfirmUndo(false)} />
    </Paper>
  );
}
