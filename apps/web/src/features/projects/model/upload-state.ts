import { extensionOf, kindFromFilename, type FileKind, type MsgCode } from '@plankurier/shared';

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

const onItsWay = (u: UploadItem) => u.state === 'UPLOADING' || u.state === 'FINISHED';

/**
 * The kinds a version holds for the upload rules: its files plus main files still uploading, so
 * that a second PDF is refused while the first one is on its way. A main file that is not PDF,
 * DWG or DXF can only be a data doc's other file.
 */
export function kindsWithUploads(fileKinds: readonly FileKind[], uploads: readonly UploadItem[]): FileKind[] {
  const kinds = new Set<FileKind>(fileKinds);
  for (const u of uploads.filter(onItsWay))
    kinds.add(u.kind === 'addon' ? 'addon' : (kindFromFilename(u.filename) ?? 'other'));
  return [...kinds];
}

/** The extensions of a data doc's other files, counting those still uploading (one file per type). */
export const otherExtensionsWithUploads = (
  files: readonly { kind: FileKind; filename: string }[],
  uploads: readonly UploadItem[],
) => [
  ...files.filter((f) => f.kind === 'other').map((f) => extensionOf(f.filename)),
  ...uploads
    .filter((u) => onItsWay(u) && u.kind === 'main' && !kindFromFilename(u.filename))
    .map((u) => extensionOf(u.filename)),
];

/** The add-on names of a version plus add-ons still uploading. */
export const addonNamesWithUploads = (names: readonly string[], uploads: readonly UploadItem[]) => [
  ...names,
  ...uploads.filter((u) => u.kind === 'addon' && onItsWay(u)).map((u) => u.filename),
];
