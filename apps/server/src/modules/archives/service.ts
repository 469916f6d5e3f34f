import type { Actor } from '../offices/access.ts';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { appError, errors, type ArchiveDto, type CreateArchiveBody } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { requireStored } from '../../storage/storage.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { sha256 } from '../auth/secrets.ts';
import { toArchiveDto } from './dto.ts';
import {
  deleteArchiveRow,
  deleteExpiredArchiveDownloadTokens,
  deleteExpiredArchives,
  findArchive,
  findArchiveByDownloadToken,
  findOwnProject,
  insertArchive,
  insertArchiveDownloadToken,
  listProjectArchives,
  runningArchiveIds,
  type ArchiveRow,
} from './queries.ts';

export const ARCHIVE_LINK_TTL_SECONDS = 5 * 60;
/** A running archive older than this has lost its job (a crash after the last retry). */
const STALE_RUNNING_HOURS = 24;

/** Where a ZIP grows until it is complete; only a complete one moves into storage. */
export const archiveTempDir = (dataDir: string) => path.join(dataDir, 'archives-tmp');
export const archivePartPath = (dataDir: string, archiveId: string) =>
  path.join(archiveTempDir(dataDir), `${archiveId}.zip.part`);
/** The plan list PDF rendered for the archive, removed once the ZIP is written. */
export const archivePlanListPath = (dataDir: string, archiveId: string) =>
  path.join(archiveTempDir(dataDir), `${archiveId}.planlist.pdf`);
const TEMP_FILE = /^([0-9a-f-]{36})\.(zip\.part|planlist\.pdf)$/;

/**
 * Tells the office's sessions about an archive. Progress ticks carry only the archive; a change
 * of state also names the project, so its cached bundle (which lists archives) reloads.
 */
export function announceArchive(
  { realtime }: Pick<Deps, 'realtime'>,
  { officeId }: { officeId: string },
  archive: ArchiveDto,
  changed: boolean,
): void {
  realtime.toProject(
    officeId,
    archive.project,
    'updateData',
    changed
      ? { archives: [archive], projectId: archive.project, entity: 'archive', id: archive._id }
      : { archives: [archive] },
  );
}

export async function listArchives({ db }: Pick<Deps, 'db'>, actor: Actor, projectId: string) {
  return (await listProjectArchives(db, actor, projectId)).map(toArchiveDto);
}

/** GET /api/project/:id/archives: the settings' list alone, without the whole project bundle. */
export async function listOwnProjectArchives(deps: Pick<Deps, 'db'>, actor: Actor, projectId: string) {
  if (!(await findOwnProject(deps.db, actor, projectId))) throw errors.notFound();
  return listArchives(deps, actor, projectId);
}

/** Starts an archive job; one running archive of each kind per project. */
export async function createArchive(deps: Deps, actor: Actor, body: CreateArchiveBody): Promise<ArchiveDto> {
  const row = await deps.db.transaction().execute(async (tx) => {
    const project = await findOwnProject(tx, actor, body.projectId);
    if (!project) throw errors.notFound();
    let inserted: ArchiveRow;
    try {
      inserted = await insertArchive(tx, { actor, projectId: project.id, pdfOnly: body.pdfOnly });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw appError('archive.already_running', 409);
      throw err;
    }
    await deps.jobs.enqueue(
      tx,
      QUEUES.projectArchive,
      { archiveId: inserted.id },
      // A crash re-runs the job from the start; the archive is rewritten, never appended to.
      { retryLimit: 3, retryDelay: 10, expireInSeconds: 6 * 3600 },
    );
    return inserted;
  });
  const dto = toArchiveDto(row);
  announceArchive(deps, actor, dto, true);
  return dto;
}

/**
 * Deletes an archive, or cancels a running one: the row goes at once (so it is never listed or
 * served again); the job notices at its next progress tick, stops and removes its temporary file.
 */
export async function deleteArchive(deps: Deps, actor: Actor, archiveId: string): Promise<void> {
  const row = await deleteArchiveRow(deps.db, actor, archiveId);
  if (!row) throw errors.notFound();
  if (row.storage_key) await removeArchiveObject(deps, row.storage_key);
  deps.realtime.toProject(actor.officeId, row.project_id, 'updateData', {
    projectId: row.project_id,
    entity: 'archive',
    id: row.id,
  });
}

/** A browser navigation cannot send the Bearer header: a five-minute link, only its hash stored. */
export async function createArchiveDownloadLink(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  archiveId: string,
): Promise<{ url: string }> {
  const archive = await findArchive(db, actor, archiveId);
  if (!archive) throw errors.notFound();
  if (archive.status !== 'FINISHED' || !archive.storage_key) throw appError('archive.not_ready', 409);
  await requireStored(storage, [archive.storage_key]);
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredArchiveDownloadTokens(db);
  await insertArchiveDownloadToken(db, {
    archiveId: archive.id,
    userId: actor.userId,
    tokenHash: sha256(token),
    ttlSeconds: ARCHIVE_LINK_TTL_SECONDS,
  });
  return {
    url: `/api/project/download/${archive.project_id}?token=${token}&pdfOnly=${archive.pdf_only ? '1' : '0'}`,
  };
}

export interface ArchiveDownload {
  filename: string;
  size: number;
  open: () => Promise<Readable>;
}

/** The archive a token opens (spec §7: project id, token and pdf-only in the URL). */
export async function openArchiveDownload(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  projectId: string,
  query: { token?: string | undefined; pdfOnly: '1' | '0' },
): Promise<ArchiveDownload> {
  if (!query.token) throw errors.unauthorized();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(query.token)) throw errors.notFound();
  const archive = await findArchiveByDownloadToken(db, projectId, query.pdfOnly === '1', sha256(query.token));
  if (!archive?.storage_key) throw errors.notFound();
  const key = archive.storage_key;
  await requireStored(storage, [key]);
  const day = archive.finished_at ? archive.finished_at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }) : '';
  const kind = archive.pdf_only ? 'PDF' : 'PDF+DWG+DXF';
  return {
    filename: `${[archive.project_number, archive.project_name, 'Archiv', kind, day].filter(Boolean).join('_')}.zip`,
    size: Number(archive.size),
    open: () => storage.read(key),
  };
}

async function removeArchiveObject({ storage, log }: Pick<Deps, 'storage' | 'log'>, key: string) {
  await storage.remove(key).catch((err: unknown) => log.warn({ err, key }, 'removing an archive file failed'));
}

/** The periodic job: archives past ARCHIVE_TTL_HOURS lose their rows, then their files. */
export async function removeExpiredArchives(deps: Pick<Deps, 'db' | 'storage' | 'log' | 'realtime' | 'config'>) {
  const removed = await deleteExpiredArchives(deps.db, STALE_RUNNING_HOURS);
  for (const row of removed) {
    if (row.storage_key) await removeArchiveObject(deps, row.storage_key);
    await fsp.rm(archivePartPath(deps.config.dataDir, row.id), { force: true });
    await fsp.rm(archivePlanListPath(deps.config.dataDir, row.id), { force: true });
    deps.realtime.toProject(row.office_id, row.project_id, 'updateData', {
      projectId: row.project_id,
      entity: 'archive',
      id: row.id,
    });
  }
  await deleteExpiredArchiveDownloadTokens(deps.db);
  return removed.length;
}

/**
 * On start: temporary files of archives that are no longer running (cancelled, failed, or cut off
 * by a crash and since given up) are removed; a running one's job rewrites its own file.
 */
export async function removeArchiveLeftovers(deps: Pick<Deps, 'db' | 'config'>): Promise<string[]> {
  const dir = archiveTempDir(deps.config.dataDir);
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const ids = names.map((n) => TEMP_FILE.exec(n)?.[1]).filter((id): id is string => Boolean(id));
  const running = await runningArchiveIds(deps.db, ids);
  const removed: string[] = [];
  for (const name of names) {
    const id = TEMP_FILE.exec(name)?.[1];
    if (id && running.has(id)) continue;
    await fsp.rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
