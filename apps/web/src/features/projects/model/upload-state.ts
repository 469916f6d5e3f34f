import { kindFromFilename, type FileKind, type MsgCode } from '@plankurier/shared';

export type UploadState = 'UPLOADING' | 'CANCELED' | 'FINISHED' | 'ERROR';

/** One file on its way into a version (spec §3 Upload, §4 Upload states). */
export interface UploadItem {
  id: string;
  projectId: string;
  versionId: string;
  filename: string;
  kind: 'main' | 'addon';
  size: number;
  bytesSent: number;
  /** 'hashing' while the browser computes the SHA-256, then 'sending'. */
  step: 'hashing' | 'sending';
  state: UploadState;
  error: MsgCode | null;
}

export const uploadPercent = (item: Pick<UploadItem, 'bytesSent' | 'size'>) =>
  item.size <= 0 ? 0 : Math.min(100, Math.floor((item.bytesSent / item.size) * 100));

/** Progress only moves forward and never past the size; a finished or stopped upload keeps its state. */
export function withProgress(item: UploadItem, bytesSent: number): UploadItem {
  if (item.state !== 'UPLOADING') return item;
  return { ...item, step: 'sending', bytesSent: Math.max(item.bytesSent, Math.min(bytesSent, item.size)) };
}

export const finished = (item: UploadItem): UploadItem =>
  item.state === 'UPLOADING' ? { ...item, state: 'FINISHED', bytesSent: item.size } : item;
export const canceled = (item: UploadItem): UploadItem =>
  item.state === 'UPLOADING' ? { ...item, state: 'CANCELED' } : item;
export const failed = (item: UploadItem, error: MsgCode): UploadItem =>
  item.state === 'UPLOADING' ? { ...item, state: 'ERROR', error } : item;

/**
 * The kinds a version holds for the upload rules: its files plus main files still uploading, so
 * that a second PDF is refused while the first one is on its way.
 */
export function kindsWithUploads(fileKinds: readonly FileKind[], uploads: readonly UploadItem[]): FileKind[] {
  const kinds = new Set<FileKind>(fileKinds);
  for (const u of uploads) {
    if (u.state !== 'UPLOADING' && u.state !== 'FINISHED') continue;
    if (u.kind === 'addon') kinds.add('addon');
    else {
      const kind = kindFromFilename(u.filename);
      if (kind) kinds.add(kind);
    }
  }
  return [...kinds];
}

/** The add-on names of a version plus add-ons still uploading. */
export const addonNamesWithUploads = (names: readonly string[], uploads: readonly UploadItem[]) => [
  ...names,
  ...uploads
    .filter((u) => u.kind === 'addon' && (u.state === 'UPLOADING' || u.state === 'FINISHED'))
    .map((u) => u.filename),
];
