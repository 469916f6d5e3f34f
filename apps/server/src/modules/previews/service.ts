import type { Readable } from 'node:stream';
import { errors, appError, hasPreview, type PreviewStatus } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { requireStored } from '../../storage/storage.ts';
import { recipientOfLink } from '../downloads/queries.ts';
import { fileOfLink } from '../downloads/newer-index.ts';
import { parseRange } from '../files/http-file.ts';
import type { Actor } from '../offices/access.ts';
import { findPreviewById, findPreviewOfFile, type PreviewRow } from './queries.ts';

/** The thumbnail (every plan file), a drawing's scene, a PDF's sheet (its first page at screen size). */
export type PreviewPart = 'thumbnail' | 'scene' | 'sheet';

export interface PreviewObject {
  size: number;
  etag: string;
  open: () => Promise<Readable>;
}

const noPreview = () => appError('file.no_preview', 404);

async function previewObject({ storage }: Pick<Deps, 'storage'>, file: PreviewRow, part: PreviewPart) {
  const [status, key] =
    part === 'sheet'
      ? [file.sheet_status, file.sheet_key]
      : [file.preview_status, part === 'thumbnail' ? file.thumbnail_key : file.scene_key];
  if (status !== 'ready' || !key) throw noPreview();
  const size = await storage.size(key);
  return { size, etag: `"${key}"`, open: () => storage.read(key) };
}

/** A thumbnail, drawing scene or sheet of a file the person may see; 404 file.no_preview while there is none. */
export async function officePreview(
  deps: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  fileId: string,
  part: PreviewPart,
) {
  const file = await findPreviewOfFile(deps.db, actor, fileId);
  if (!file) throw errors.notFound();
  return previewObject(deps, file, part);
}

/** The recipient's link must have been sent this file; unknown, revoked and foreign all answer 404. */
async function recipientFile(deps: Pick<Deps, 'db'>, token: string, fileId: string) {
  const recipient = await recipientOfLink(deps.db, token);
  // Also the newer index of an outdated plan that the office sent the same participant later.
  const sent = (await fileOfLink(deps.db, recipient, fileId))?.file;
  if (!sent) throw errors.notFound();
  // A withdrawn plan's files are not shown either, only listed.
  if (sent.withdrawn_at) throw errors.fileWithdrawn();
  const file = await findPreviewById(deps.db, fileId);
  if (!file) throw errors.notFound();
  return { sent, file };
}

/** A thumbnail, scene or sheet for the recipient's page and viewer. Looking records nothing: it is no download. */
export async function recipientPreview(
  deps: Pick<Deps, 'db' | 'storage'>,
  token: string,
  fileId: string,
  part: PreviewPart,
) {
  const { file } = await recipientFile(deps, token, fileId);
  return previewObject(deps, file, part);
}

/** Whether the recipient's viewer can show the file: its preview's state, null for formats without one. */
export async function recipientPreviewStatus(
  deps: Pick<Deps, 'db'>,
  token: string,
  fileId: string,
): Promise<{ preview: PreviewStatus | null }> {
  const { file } = await recipientFile(deps, token, fileId);
  return { preview: file.preview_status };
}

export interface PdfView extends PreviewObject {
  range: { start: number; end: number } | null;
  unsatisfiable: boolean;
  openRange: () => Promise<Readable>;
}

/**
 * The PDF as uploaded, for the recipient's viewer (pdf.js reads it in ranges). Viewing is not
 * downloading: nothing is recorded, the download marker stays as it is, and the answer is inline
 * and sandboxed. Drawings are viewed through their scene.
 */
export async function recipientPdfView(
  deps: Pick<Deps, 'db' | 'storage'>,
  token: string,
  fileId: string,
  rangeHeader: string | undefined,
): Promise<PdfView> {
  const { sent, file } = await recipientFile(deps, token, fileId);
  if (sent.kind !== 'pdf' && sent.kind !== 'addon') throw noPreview();
  await requireStored(deps.storage, [file.storage_key]);
  const size = Number(file.size);
  const parsed = parseRange(rangeHeader, size);
  const range = parsed === 'unsatisfiable' ? null : parsed;
  return {
    size,
    etag: `"${sent.sha256}"`,
    range,
    unsatisfiable: parsed === 'unsatisfiable',
    open: () => deps.storage.read(file.storage_key),
    openRange: () => deps.storage.read(file.storage_key, range ?? undefined),
  };
}

export const previewStatusFor = (kind: string): PreviewStatus | null => (hasPreview(kind) ? 'pending' : null);
