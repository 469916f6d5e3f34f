import type { Actor } from '../offices/access.ts';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  appError,
  errors,
  PRINT_TTL_HOURS,
  PrintBody,
  sanitizeFilename,
  type PrintDto,
  type PrintType,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { requireStored } from '../../storage/storage.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { sha256 } from '../auth/secrets.ts';
import { findOwnedFolder, findOwnedProject } from './print-queries.ts';
import { findParticipant } from '../participants/queries.ts';
import { participantName } from '../participants/dto.ts';
import { transmittalDoc } from './transmittal-queries.ts';
import {
  deleteExpiredPrintDownloadTokens,
  deleteExpiredPrints,
  deletePrintRow,
  findPrint,
  findPrintByDownloadToken,
  insertPrint,
  insertPrintDownloadToken,
  type PrintRow,
} from './queries.ts';

export const PRINT_DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export interface PrintJob {
  printId: string;
}

type PrintDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

export function toPrintDto(
  row: Pick<
    PrintRow,
    'id' | 'project_id' | 'type' | 'params' | 'status' | 'number_of_pages' | 'number_of_pages_processed'
  >,
): PrintDto {
  const pages = row.number_of_pages;
  const processed = Math.min(row.number_of_pages_processed, pages);
  const isFinished = row.status === 'FINISHED';
  return {
    _id: row.id,
    project: row.project_id,
    type: row.type,
    format: row.params.format === 'csv' ? 'csv' : 'pdf',
    isFinished,
    isFailed: row.status === 'FAILED',
    progress: isFinished ? 100 : pages > 0 ? Math.floor((processed / pages) * 100) : 0,
    numberOfPages: pages,
    numberOfPagesProcessed: processed,
  };
}

/** Sends the print's state to the office's tabs as `updateData.prints`. */
export function announcePrint(deps: Pick<Deps, 'realtime'>, actor: Actor, dto: PrintDto): void {
  deps.realtime.toMember(actor.officeId, actor.userId, 'updateData', { prints: { [dto._id]: dto } });
}

const FILE_NAMES: Record<PrintType, { de: string; en: string }> = {
  PLANLIST: { de: 'Planliste', en: 'Plan list' },
  PARTICIPANTLIST: { de: 'Beteiligtenliste', en: 'Participant list' },
  TIMELINE: { de: 'Timeline', en: 'Timeline' },
  TRANSMITTAL: { de: 'Versandnachweis', en: 'Transmittal record' },
};

/** Removes expired prints and their files: a print is kept PRINT_TTL_HOURS, then it goes. */
export async function purgeExpiredPrints(deps: PrintDeps): Promise<void> {
  const expired = await deleteExpiredPrints(deps.db);
  for (const row of expired) {
    if (row.storage_key) {
      await deps.storage
        .remove(row.storage_key)
        .catch((err: unknown) => deps.log.warn({ err, key: row.storage_key }, 'removing an expired print failed'));
    }
  }
}

/** Checks every id of the request against the office, then queues the render in the same transaction. */
export async function createPrint(deps: Deps, actor: Actor, body: z.output<typeof PrintBody>): Promise<PrintDto> {
  await purgeExpiredPrints(deps);
  const project = await findOwnedProject(deps.db, actor, body.projectId);
  if (!project) throw errors.notFound();
  if (body.type === 'PLANLIST' && body.folderId) {
    if (!(await findOwnedFolder(deps.db, actor, project.id, body.folderId))) throw errors.notFound();
  }
  let about = '';
  if ((body.type === 'PARTICIPANTLIST' || body.type === 'TRANSMITTAL') && body.participantId) {
    const participant = await findParticipant(deps.db, actor, body.participantId);
    if (!participant || participant.project_id !== project.id) throw errors.notFound();
    about = participantName(participant);
  }
  if (body.type === 'TRANSMITTAL' && body.docId) {
    const doc = await transmittalDoc(deps.db, project.id, body.docId);
    if (!doc) throw errors.notFound();
    about = [doc.number, doc.name].filter(Boolean).join(' ');
  }
  const office = await deps.db
    .selectFrom('app_user')
    .select('locale')
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  const params = {
    timeZone: body.timeZone,
    ...(body.type === 'PLANLIST'
      ? { folderId: body.folderId }
      : body.type === 'PARTICIPANTLIST'
        ? { participantId: body.participantId }
        : body.type === 'TRANSMITTAL'
          ? { participantId: body.participantId, docId: body.docId, format: body.format }
          : { filter: body.timelineFilterParams, eventType: body.eventType }),
  };
  const extension = body.type === 'TRANSMITTAL' && body.format === 'csv' ? 'csv' : 'pdf';
  const name = [
    FILE_NAMES[body.type][office.locale],
    project.number,
    project.name,
    body.type === 'TRANSMITTAL' ? `- ${about}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const row = await deps.db.transaction().execute(async (tx) => {
    const inserted = await insertPrint(tx, {
      office_id: actor.officeId,
      created_by: actor.userId,
      project_id: project.id,
      type: body.type,
      params: JSON.stringify(params),
      filename: sanitizeFilename(`${name}.${extension}`, `print.${extension}`),
      expires_at: new Date(Date.now() + PRINT_TTL_HOURS * 3600_000),
    });
    // A render error is not cured by trying again; a crashed process is (pg-boss retries expired jobs).
    await deps.jobs.enqueue(tx, QUEUES.print, { printId: inserted.id } satisfies PrintJob, {
      retryLimit: 2,
      expireInSeconds: 15 * 60,
    });
    return inserted;
  });
  const dto = toPrintDto(row);
  announcePrint(deps, actor, dto);
  return dto;
}

export async function getPrint({ db }: Pick<Deps, 'db'>, actor: Actor, printId: string): Promise<PrintDto> {
  const row = await findPrint(db, actor, printId);
  if (!row) throw errors.notFound();
  return toPrintDto(row);
}

/** Cancel = delete: the row goes at once, the worker notices and stops, a finished file is removed. */
export async function cancelPrint(deps: PrintDeps, actor: Actor, printId: string): Promise<void> {
  const row = await deletePrintRow(deps.db, actor, printId);
  if (!row) throw errors.notFound();
  if (row.storage_key) {
    await deps.storage
      .remove(row.storage_key)
      .catch((err: unknown) => deps.log.warn({ err, key: row.storage_key }, 'removing a cancelled print failed'));
  }
}

/** A navigation cannot send the Bearer header: a five-minute link with a random token (only its SHA-256 is kept). */
export async function createPrintDownloadLink(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  printId: string,
): Promise<{ url: string }> {
  const row = await findPrint(db, actor, printId);
  if (!row) throw errors.notFound();
  if (row.status !== 'FINISHED') throw appError('print.not_ready', 409);
  if (row.storage_key) await requireStored(storage, [row.storage_key]);
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredPrintDownloadTokens(db);
  await insertPrintDownloadToken(db, {
    tokenHash: sha256(token),
    printId: row.id,
    actor,
    ttlSeconds: PRINT_DOWNLOAD_LINK_TTL_SECONDS,
  });
  return { url: `/api/print/${row.id}/download?token=${token}` };
}

export async function openPrintDownload(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  printId: string,
  token: string | undefined,
): Promise<{ filename: string; mimeType: string; size: number; open: () => Promise<Readable> }> {
  if (!token) throw errors.unauthorized();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw errors.notFound();
  const row = await findPrintByDownloadToken(db, printId, sha256(token));
  if (!row?.storage_key) throw errors.notFound();
  const key = row.storage_key;
  await requireStored(storage, [key]);
  const mimeType = row.params.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';
  return { filename: row.filename, mimeType, size: Number(row.size), open: () => storage.read(key) };
}
