import { Badge, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fileFormat, formatFileSize, type DownloadLinkDto, type RecipientPageFileDto } from '@plankurier/shared';
import { IconDownload, IconFileZip, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { downloadApi } from '../../api/download-api';
import { queryKeys } from '../../api/query-keys';
import { PageLoader } from '../../components/PageLoader';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { currentLocale } from '../../i18n';
import { errorText } from '../../notifications/error-text';

/**
 * The page a recipient opens from the delivery mail (`/d/:token`), without an account. Loading it
 * counts nothing; a download counts when the person presses a button here, which asks for a
 * single-use link and then navigates to it.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('downloadPage.title'));
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: queryKeys.recipientPage(token),
    queryFn: () => downloadApi.page(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const download = useMutation({
    mutationFn: (fileId: string | null): Promise<DownloadLinkDto> =>
      fileId === null ? downloadApi.zipLink(token) : downloadApi.fileLink(token, fileId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
  });

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    const gone = isApiError(page.error) && page.error.status === 404;
    return (
      <StatusPanel
        icon={<IconLinkOff size={28} />}
        color="gray"
        title={gone ? t('downloadPage.invalidTitle') : errorText(page.error)}
      >
        {gone ? t('downloadPage.invalidText') : null}
      </StatusPanel>
    );
  }

  const { office, project, recipient, files } = page.data;
  const projectTitle = [project.number, project.name].filter(Boolean).join(' | ');
  const busy = download.isPending;

  return (
    <Container size="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed">{t('downloadPage.from', { company: office.company })}</Text>
          <Title order={1} fz="h2">
            {projectTitle}
          </Title>
          <Text>{t('downloadPage.greeting', { name: recipient.name })}</Text>
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t('downloadPage.filesTitle', { count: files.length })}
              </Title>
              <Button
                leftSection={<IconFileZip size={18} />}
                onClick={() => download.mutate(null)}
                loading={busy && download.variables === null}
                disabled={busy || files.length === 0}
              >
                {t('downloadPage.zip')}
              </Button>
            </Group>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('downloadPage.number')}</Table.Th>
                    <Table.Th>{t('downloadPage.name')}</Table.Th>
                    <Table.Th>{t('downloadPage.index')}</Table.Th>
                    <Table.Th>{t('downloadPage.format')}</Table.Th>
                    <Table.Th>{t('downloadPage.size')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {files.map((file) => (
                    <FileRow
                      key={file._id}
                      file={file}
                      busy={busy}
                      loading={busy && download.variables === file._id}
                      onDownload={() => download.mutate(file._id)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

function FileRow({
  file,
  busy,
  loading,
  onDownload,
}: {
  file: RecipientPageFileDto;
  busy: boolean;
  loading: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>{file.doc.number}</Table.Td>
      <Table.Td>
        <Text size="sm">{file.doc.name}</Text>
        {file.isCurrent ? null : (
          <Badge color="orange" variant="light" mt={4}>
            {t('downloadPage.newerIndex')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{file.index}</Table.Td>
      <Table.Td>{fileFormat(file).toUpperCase()}</Table.Td>
      <Table.Td>{formatFileSize(file.size, currentLocale())}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={onDownload}
          loading={loading}
          disabled={busy}
          aria-label={t('downloadPage.downloadFile', { name: file.filename })}
        >
          {t('downloadPage.download')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
