import type { Actor } from '../offices/access.ts';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { appError, errors, type FileDto } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import { requireStored } from '../../storage/storage.ts';
import { sha256 } from '../auth/secrets.ts';
import { recordDocEvent } from '../timeline/record.ts';
import { parseRange } from './http-file.ts';
import {
  deleteExpiredDownloadTokens,
  deleteFileRow,
  findFile,
  findFileByDownloadToken,
  insertDownloadToken,
  lockFileWithVersion,
  type FileRow,
} from './queries.ts';
import { recordOfficeDownload } from '../downloads/download-events.ts';
import { servedFile } from '../qr/service.ts';
import { toFileDto } from './to-file-dto.ts';

export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export async function getFile({ db }: Deps, actor: Actor, fileId: string): Promise<FileDto> {
  const file = await findFile(db, actor, fileId);
  if (!file) throw errors.notFound();
  return toFileDto(file);
}

/** Only a version in preparation loses files; the stored object goes once the row is gone. */
export async function deleteFile(deps: Deps, actor: Actor, fileId: string): Promise<void> {
  const file = await deps.db.transaction().execute(async (tx) => {
    const row = await lockFileWithVersion(tx, actor, fileId);
    if (!row) throw errors.notFound();
    if (row.version_status !== 'preparation') throw appError('version.not_in_preparation', 409);
    await deleteFileRow(tx, row.id);
    await recordDocEvent(tx, {
      kind: 'file.deleted',
      projectId: row.project_id,
      actorId: actor.userId,
      docId: row.doc_id,
      versionId: row.version_id,
      fileId: row.id,
      data: {
        number: row.doc_number,
        name: row.doc_name,
        index: row.version_index,
        filename: row.filename,
        kind: row.kind,
      },
    });
    return row;
  });
  for (const key of [file.storage_key, file.thumbnail_key, file.scene_key, file.sheet_key]) {
    if (key === null) continue;
    await deps.storage
      .remove(key)
      .catch((err: unknown) => deps.log.warn({ err, key }, 'removing a deleted file failed'));
  }
  await announceChange(deps, actor, {
    projectId: file.project_id,
    entity: 'file',
    id: file.id,
    scope: { docs: [file.doc_id] },
  });
}

/**
 * A browser navigation cannot send the Bearer header: the office gets a link with a random token
 * (256 bits) that works for five minutes; the database keeps only its SHA-256.
 */
export async function createDownloadLink(
  { db, storage }: Deps,
  actor: Actor,
  fileId: string,
): Promise<{ url: string }> {
  const file = await findFile(db, actor, fileId);
  if (!file) throw errors.notFound();
  await requireStored(storage, [file.storage_key]);
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredDownloadTokens(db);
  await insertDownloadToken(db, {
    tokenHash: sha256(token),
    fileId: file.id,
    actor,
    ttlSeconds: DOWNLOAD_LINK_TTL_SECONDS,
  });
  return { url: `/api/file/${file.id}/download?token=${token}` };
}

export interface FileDownload {
  file: FileRow;
  size: number;
  etag: string;
  /** null: the whole file; otherwise the inclusive byte range of a 206. */
  range: { start: number; end: number } | null;
  /** The Range header could not be satisfied: answer 416. */
  unsatisfiable: boolean;
  open: () => Promise<Readable>;
}

export async function openDownload(
  deps: Deps,
  fileId: string,
  token: string | undefined,
  headers: { range?: string | undefined; ifRange?: string | undefined },
  options: { original?: boolean; record?: boolean } = {},
): Promise<FileDownload> {
  if (!token) throw errors.unauthorized();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw errors.notFound();
  const file = await findFileByDownloadToken(deps.db, fileId, sha256(token));
  if (!file) throw errors.notFound();
  // A main PDF with the QR code turned on goes out stamped; the placement preview asks for the original.
  const served = options.original ? null : await servedFile(deps, file.id);
  const content = served ?? { storageKey: file.storage_key, size: Number(file.size), sha256: file.sha256 };
  await requireStored(deps.storage, [content.storageKey]);
  const size = content.size;
  const etag = `"${content.sha256}"`;
  // If-Range: a range only applies to the same file the client already has part of.
  const rangeHeader = headers.ifRange && headers.ifRange !== etag ? undefined : headers.range;
  const parsed = parseRange(rangeHeader, size);
  const range = parsed === 'unsatisfiable' ? null : parsed;
  // A download counts when the file is fetched from its start (a resumed range adds nothing); the
  // QR preview's original and a HEAD are no downloads.
  if (options.record && !options.original && parsed !== 'unsatisfiable' && (range === null || range.start === 0)) {
    await recordOfficeDownload(deps, file, sha256(token));
  }
  return {
    file,
    size,
    etag,
    range,
    unsatisfiable: parsed === 'unsatisfiable',
    open: () => deps.storage.read(content.storageKey, range ?? undefined),
  };
}
