import type { VersionStatus } from '@plankurier/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fileApi, projectApi } from '../../api/project-api';
import { queryKeys } from '../../api/query-keys';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageLoader } from '../../components/PageLoader';
import { sessionStore } from '../../session/session-store';
import { officeViewerPath, viewableFile } from '../previews/viewable-file';
import { PlanViewer, type ViewedStatus } from './PlanViewer';

export const viewedStatus = (status: VersionStatus): ViewedStatus => (status === 'archived' ? 'outdated' : status);

async function fetchScene(fileId: string): Promise<ArrayBuffer> {
  const token = sessionStore.getState().token;
  const res = await fetch(`/api/file/${encodeURIComponent(fileId)}/scene`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`scene ${res.status}`);
  return res.arrayBuffer();
}

/** The last sheet shown, kept until the next one replaces it (an object URL holds its bytes). */
let shownSheet: string | null = null;

/** The sheet needs the session's token, which an <img> cannot send: fetched and shown as an object URL. */
async function fetchSheet(fileId: string): Promise<string> {
  const token = sessionStore.getState().token;
  const res = await fetch(`/api/file/${encodeURIComponent(fileId)}/sheet`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`sheet ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  if (shownSheet) URL.revokeObjectURL(shownSheet);
  shownSheet = url;
  return url;
}

/**
 * The office's viewer of one file of a plan (`/project/:projectId/view/:fileId`), any version. It
 * reads the project from the cache the plan list filled (no second load on the way in).
 */
export default function ViewerPage() {
  const { t } = useTranslation();
  const { projectId = '', fileId = '' } = useParams();
  const bundle = useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: () => projectApi.bundle(projectId),
    refetchOnMount: false,
  });
  const pdfUrl = useCallback(() => fileApi.downloadLink(fileId).then(({ url }) => `${url}&original=1`), [fileId]);
  const sheetUrl = useCallback(() => fetchSheet(fileId), [fileId]);
  const loadScene = useCallback(() => fetchScene(fileId), [fileId]);

  if (bundle.isPending) return <PageLoader />;
  const data = bundle.data;
  const file = data?.files.find((f) => f._id === fileId);
  const version = file && data?.versions.find((v) => v._id === file.version);
  const doc = version && data?.docs.find((d) => d._id === version.doc);
  if (!data || !file || !version || !doc)
    return <NotFoundPanel title={t('viewer.notFoundTitle')} text={t('viewer.notFoundText')} />;

  const closeTo = `/project/${encodeURIComponent(projectId)}`;
  const current = doc.currentVersion ? data.versions.find((v) => v._id === doc.currentVersion) : undefined;
  const isOlder = current !== undefined && current._id !== version._id && version.status !== 'preparation';
  const currentFile =
    current && viewableFile(data.files.filter((f) => f.version === current._id && f.kind !== 'addon'));
  const sameKind = current && data.files.find((f) => f.version === current._id && f.kind === file.kind);
  const newerFile = sameKind ?? currentFile;
  return (
    <PlanViewer
      key={fileId}
      plan={{ number: doc.number, name: doc.name, index: version.index, status: viewedStatus(version.status) }}
      newer={
        isOlder ? { index: current.index, to: newerFile ? officeViewerPath(projectId, newerFile._id) : null } : null
      }
      file={{
        kind: file.kind,
        filename: file.filename,
        preview: file.preview,
        sheet: file.sheet,
        pages: file.pdfPages,
      }}
      pdfUrl={pdfUrl}
      sheetUrl={sheetUrl}
      loadScene={loadScene}
      closeTo={closeTo}
      actions={undefined}
    />
  );
}
