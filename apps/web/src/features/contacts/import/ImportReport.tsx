import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, type ImportInfo } from '@plankurier/shared';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteImport, useResetImport } from '../../../api/use-contacts';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { importCounts } from './import-report';
import { ImportProblemTable } from './ImportProblemTable';
import { ImportStat } from './ImportStat';

/** The end of an import: the numbers, the lines that were not taken, finish or take it back. */
export function ImportReport({ info }: { info: ImportInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetImport();
  const remove = useDeleteImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const counts = importCounts(info);
  const failed = info.status === 'FAILED';

  const finish = () =>
    reset.mutate(undefined, {
      onSuccess: () => void navigate('/contacts'),
      onError: notifyError,
    });
  const undo = () =>
    remove.mutate(info._id, {
      onSuccess: () => {
        setConfirmUndo(false);
        notifySuccess('contacts.import.undone');
        void navigate('/contacts');
      },
      onError: notifyError,
    });

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg">
        <div>
          <Group gap="xs">
            {failed ? (
              <IconAlertTriangle size={22} color="var(--mantine-color-red-6)" aria-hidden />
            ) : (
              <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
            )}
            <Title order={2} fz="h4">
              {failed ? t('contacts.import.failedTitle') : t('contacts.import.reportTitle')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {info.finishedAt
              ? t('contacts.import.fileAt', {
                  filename: info.filename,
                  date: formatDate(info.finishedAt, currentLocale()),
                })
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
            {t(`msg.${info.failure ?? 'common.internal'}`)}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" maw={720}>
              <ImportStat label={t('contacts.import.imported')} value={counts.imported} color="green.8" />
              <ImportStat label={t('contacts.import.duplicates')} value={counts.duplicates} />
              <ImportStat
                label={t('contacts.import.rejected')}
                value={counts.rejected}
                color={counts.rejected ? 'red.7' : undefined}
              />
            </SimpleGrid>
            {info.invalid.length > 0 ? (
              <Stack gap="xs">
                <Title order={3} fz="h5">
                  {t('contacts.import.problemsTitle')}
                </Title>
                <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
                  <ImportProblemTable problems={info.invalid} />
                </Paper>
              </Stack>
            ) : (
              <Text size="sm">{t('contacts.import.allTaken')}</Text>
            )}
          </>
        )}

        <Group gap="sm">
          <Button leftSection={<IconCheck size={16} />} onClick={finish} loading={reset.isPending}>
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

      <Modal
        opened={confirmUndo}
        onClose={() => setConfirmUndo(false)}
        title={t('contacts.import.undoTitle')}
        size="md"
      >
        <Stack gap="md">
          <Text size="sm">{t('contacts.import.undoText', { count: counts.imported })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmUndo(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={undo} loading={remove.isPending} data-autofocus>
              {t('contacts.import.undoConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
