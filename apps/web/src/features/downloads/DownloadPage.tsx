import { Button, Container, Flex, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  fileFormat,
  formatDate,
  formatFileSize,
  type DownloadLinkDto,
  type RecipientPageFileDto,
} from '@plankurier/shared';
import { IconDownload, IconFileZip, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { downloadApi } from '../../api/download-api';
import { queryKeys } from '../../api/query-keys';
import { PageLoader } from '../../components/PageLoader';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { useScreen } from '../../components/use-screen';
import { currentLocale, hasChosenUiLocale, showUiLocale } from '../../i18n';
import { useIsSignedIn } from '../../session/use-session';
import { errorText } from '../../notifications/error-text';
import { NewerIndexNote } from './NewerIndexNote';
import { ReceiptPanel } from './ReceiptPanel';
import { RecipientThumbnail, ViewButton } from './RecipientPreview';

/**
 * The page a recipient opens from the delivery mail (`/d/:token`), without an account. Loading it
 * counts nothing; a download counts when the person presses a button here, which asks for a
 * single-use link and then navigates to it.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('downloadPage.title'));
  const phone = useScreen() === 'phone';
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: queryKeys.recipientPage(token),
    queryFn: () => downloadApi.page(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  // The page speaks the contact's language (as its mail did) until the visitor picks one with the
  // switch; people signed in keep their own.
  const signedIn = useIsSignedIn();
  const contactLocale = page.data?.recipient.locale;
  useEffect(() => {
    if (contactLocale && !signedIn && !hasChosenUiLocale()) showUiLocale(contactLocale);
  }, [contactLocale, signedIn]);
  const download = useMutation({
    mutationFn: (fileId: string | null): Promise<DownloadLinkDto> =>
      fileId === null ? downloadApi.zipLink(token) : downloadApi.fileLink(token, fileId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
  });

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    const gone = isApiError(page.error) && page.error.status === 404;
    // Past the office's link lifetime: the office can renew it, so the text says whom to ask.
    const expired = isApiError(page.error) && page.error.msgCode === 'link.expired';
    return (
      <StatusPanel
        icon={<IconLinkOff size={28} />}
        color="gray"
        title={expired ? t('downloadPage.expiredTitle') : gone ? t('downloadPage.invalidTitle') : errorText(page.error)}
      >
        {expired ? t('downloadPage.expiredText') : gone ? t('downloadPage.invalidText') : null}
      </StatusPanel>
    );
  }

  const { office, project, recipient, files, receipt } = page.data;
  const receiptPanel = <ReceiptPanel token={token} company={office.company} receipt={receipt} />;
  const projectTitle = [project.number, project.name].filter(Boolean).join(' | ');
  const busy = download.isPending;
  const fileProps = (file: RecipientPageFileDto) => ({
    token,
    file,
    busy,
    loading: busy && download.variables === file._id,
    onDownload: () => download.mutate(file._id),
    newerLoading: busy && !!file.newer?.sent && download.variables === file.newer.sent.fileId,
    onDownloadNewer: (fileId: string) => download.mutate(fileId),
  });

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
        {/* Asked for: before the files, where it is seen; else after them. */}
        {receipt.requested ? receiptPanel : null}
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {t('downloadPage.filesTitle', { count: files.length })}
              </Title>
              <Button
                fullWidth={phone}
                leftSection={<IconFileZip size={18} />}
                onClick={() => download.mutate(null)}
                loading={busy && download.variables === null}
                disabled={busy || files.every((f) => f.withdrawn)}
              >
                {t('downloadPage.zip')}
              </Button>
            </Group>
            {phone ? (
              // A phone shows each file as a card with its button in reach, not a table to scroll.
              <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                {files.map((file) => (
                  <FileCard key={file._id} {...fileProps(file)} />
                ))}
              </Stack>
            ) : (
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
                      <FileRow key={file._id} {...fileProps(file)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>
        {receipt.requested ? null : receiptPanel}
      </Stack>
    </Container>
  );
}

interface FileProps {
  token: string;
  file: RecipientPageFileDto;
  busy: boolean;
  loading: boolean;
  onDownload: () => void;
  /** The newer index of an outdated plan, sent later to the same recipient: fetched through this link. */
  newerLoading: boolean;
  onDownloadNewer: (fileId: string) => void;
}

/** 'zurückgezogen am 12.11.2026 von Anna Berg': a plan the office deleted after sending it; nothing to fetch. */
function WithdrawnNote({ withdrawn }: { withdrawn: NonNullable<RecipientPageFileDto['withdrawn']> }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="red.8" fw={600}>
      {t('downloadPage.withdrawn', { date: formatDate(withdrawn.at, currentLocale()), name: withdrawn.by })}
    </Text>
  );
}

function FileRow({ token, file, busy, loading, onDownload, newerLoading, onDownloadNewer }: FileProps) {
  const tablet = useScreen() === 'tablet';
  if (file.withdrawn) {
    return (
      <Table.Tr c="dimmed">
        <Table.Td>{file.doc.number}</Table.Td>
        <Table.Td>
          <Text size="sm" td="line-through">
            {file.doc.name}
          </Text>
        </Table.Td>
        <Table.Td>{file.index}</Table.Td>
        <Table.Td>{fileFormat(file).toUpperCase()}</Table.Td>
        <Table.Td colSpan={2}>
          <WithdrawnNote withdrawn={file.withdrawn} />
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>{file.doc.number}</Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <RecipientThumbnail token={token} file={file} size="row" />
          <div>
            <Text size="sm">{file.doc.name}</Text>
            {file.newer ? (
              <NewerIndexNote newer={file.newer} busy={busy} loading={newerLoading} onDownload={onDownloadNewer} />
            ) : null}
          </div>
        </Group>
      </Table.Td>
      <Table.Td>{file.index}</Table.Td>
      <Table.Td>{fileFormat(file).toUpperCase()}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size, currentLocale())}</Table.Td>
      <Table.Td>
        {/* On a tablet the two buttons stack: side by side they pushed 'Herunterladen' out of the card at 820 px. */}
        <Flex
          gap="xs"
          direction={tablet ? 'column' : 'row'}
          align={tablet ? 'stretch' : 'center'}
          justify="flex-end"
          wrap="nowrap"
        >
          <ViewButton token={token} file={file} />
          <DownloadButton token={token} file={file} busy={busy} loading={loading} onDownload={onDownload} />
        </Flex>
      </Table.Td>
    </Table.Tr>
  );
}

/** One file on a phone: what it is, then its button across the card's width. */
function FileCard({ token, file, busy, loading, onDownload, newerLoading, onDownloadNewer }: FileProps) {
  const { t } = useTranslation();
  if (file.withdrawn) {
    return (
      <Paper component="li" withBorder radius="md" p="sm" c="dimmed">
        <Stack gap={6}>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {file.doc.number}
            </Text>
            <Text size="sm" td="line-through">
              {file.doc.name}
            </Text>
          </div>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {[t('downloadPage.indexValue', { index: file.index }), fileFormat(file).toUpperCase()].join(' · ')}
          </Text>
          <WithdrawnNote withdrawn={file.withdrawn} />
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <RecipientThumbnail token={token} file={file} size="card" />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {file.doc.number}
            </Text>
            <Text size="sm">{file.doc.name}</Text>
          </div>
        </Group>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {[
            t('downloadPage.indexValue', { index: file.index }),
            fileFormat(file).toUpperCase(),
            formatFileSize(file.size, currentLocale()),
          ].join(' · ')}
        </Text>
        {file.newer ? (
          <NewerIndexNote
            newer={file.newer}
            busy={busy}
            loading={newerLoading}
            onDownload={onDownloadNewer}
            fullWidth
          />
        ) : null}
        <ViewButton token={token} file={file} fullWidth />
        <DownloadButton token={token} file={file} busy={busy} loading={loading} onDownload={onDownload} fullWidth />
      </Stack>
    </Paper>
  );
}

/** 'Herunterladen', named after its file for screen readers; across a card's width on a phone. */
function DownloadButton({
  file,
  busy,
  loading,
  onDownload,
  fullWidth = false,
}: Pick<FileProps, 'file' | 'busy' | 'loading' | 'onDownload' | 'token'> & { fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      size={fullWidth ? 'sm' : 'xs'}
      fullWidth={fullWidth}
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={onDownload}
      loading={loading}
      disabled={busy}
      aria-label={t('downloadPage.downloadFile', { name: file.filename })}
    >
      {t('downloadPage.download')}
    </Button>
  );
}
