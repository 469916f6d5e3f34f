import { Alert, Button, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useImportInfo } from '../../api/use-contacts';
import { ImportDropzone } from './import/ImportDropzone';
import { ImportFormatHelp } from './import/ImportFormatHelp';
import { ImportProgress } from './import/ImportProgress';
import { ImportReport } from './import/ImportReport';

/** The import tab: explanation and drop zone, then live progress, then the report. */
export function ContactImportPanel() {
  const { t } = useTranslation();
  const query = useImportInfo();

  if (query.isPending) return <Skeleton h={240} radius="md" />;
  if (query.isError) {
    return (
      <Alert color="red" title={t('contacts.import.loadError')}>
        <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const info = query.data.importInfo;
  if (info?.inProgress) return <ImportProgress info={info} />;
  if (info) return <ImportReport info={info} />;

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="lg" maw={760}>
        <Title order={2} fz="h4">
          {t('contacts.import.title')}
        </Title>
        <ImportFormatHelp />
        <ImportDropzone />
      </Stack>
    </Paper>
  );
}
