import { Button } from '@mantine/core';
import type { RecipientNewerDto } from '@plankurier/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { downloadApi } from '../../api/download-api';
import { queryKeys } from '../../api/query-keys';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageLoader } from '../../components/PageLoader';
import { errorText } from '../../notifications/error-text';
import { PlanViewer } from './PlanViewer';

const fileUrl = (token: string, fileId: string, part: string) =>
  `/api/d/${encodeURIComponent(token)}/files/${encodeURIComponent(fileId)}/${part}`;

/**
 * A plan the recipient was sent, in the same viewer, without an account (`/d/:token/view/:fileId`).
 * Looking counts as nothing; the download button here is the page's own and counts as a download.
 */
export default function RecipientViewerPage() {
  const { t } = useTranslation();
  const { token = '', fileId = '' } = useParams();
  const page = useQuery({
    queryKey: queryKeys.recipientPage(token),
    queryFn: () => downloadApi.page(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  // A withdrawn plan is listed on the page but not shown (its files are not served).
  const file = page.data?.files.find((f) => f._id === fileId && !f.withdrawn);
  const drawing = file?.kind === 'dwg' || file?.kind === 'dxf';
  // A drawing sent right after its upload may still be prepared: asked again until it is.
  const preview = useQuery({
    queryKey: ['recipient-preview', token, fileId],
    queryFn: async () => {
      const res = await fetch(fileUrl(token, fileId, 'preview'));
      if (!res.ok) throw new Error(`preview ${res.status}`);
      return ((await res.json()) as { preview: 'pending' | 'ready' | 'failed' | null }).preview;
    },
    enabled: drawing,
    refetchInterval: (query) => (query.state.data === 'pending' ? 3000 : false),
  });
  // The file itself, or the newer index of it that the office sent this recipient later.
  const download = useMutation({
    mutationFn: (id: string) => downloadApi.fileLink(token, id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
  });
  const pdfUrl = useCallback(() => Promise.resolve(fileUrl(token, fileId, 'view')), [token, fileId]);
  const sheetUrl = useCallback(() => Promise.resolve(fileUrl(token, fileId, 'sheet')), [token, fileId]);
  const loadScene = useCallback(async () => {
    const res = await fetch(fileUrl(token, fileId, 'scene'));
    if (!res.ok) throw new Error(`scene ${res.status}`);
    return res.arrayBuffer();
  }, [token, fileId]);

  const newerAction = ({ index, sent }: RecipientNewerDto) =>
    index && sent ? (
      <Button
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => download.mutate(sent.fileId)}
        loading={download.isPending && download.variables === sent.fileId}
        disabled={download.isPending}
      >
        {t('downloadPage.downloadNewer', { index })}
      </Button>
    ) : undefined;

  if (page.isPending || (drawing && preview.isPending)) return <PageLoader />;
  if (!page.data || !file) return <NotFoundPanel title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;
  return (
    <PlanViewer
      plan={{
        number: file.doc.number,
        name: file.doc.name,
        index: file.index,
        status: file.isCurrent ? 'current' : 'outdated',
      }}
      newer={file.newer ? { index: file.newer.index, to: null, action: newerAction(file.newer) } : null}
      file={{
        kind: file.kind,
        filename: file.filename,
        preview: drawing ? (preview.data ?? 'failed') : 'ready',
        sheet: file.sheet,
        pages: file.pages,
      }}
      pdfUrl={pdfUrl}
      sheetUrl={sheetUrl}
      loadScene={loadScene}
      closeTo={`/d/${encodeURIComponent(token)}`}
      actions={
        <Button
          size="sm"
          leftSection={<IconDownload size={16} />}
          onClick={() => download.mutate(fileId)}
          loading={download.isPending && download.variables === fileId}
          disabled={download.isPending}
          aria-label={t('downloadPage.downloadFile', { name: file.filename })}
        >
          {t('downloadPage.download')}
        </Button>
      }
    />
  );
}
