import fsp from 'node:fs/promises';
import type { Deps } from '../deps.ts';
import { archiveContents, PLAN_LIST_NAMES } from '../modules/archives/archive-contents.ts';
import { toArchiveDto } from '../modules/archives/dto.ts';
import {
  findArchiveById,
  markArchiveFailed,
  markArchiveFinished,
  saveArchiveProgress,
  type ArchiveRow,
} from '../modules/archives/queries.ts';
import {
  announceArchive,
  archivePartPath,
  archivePlanListPath,
  archiveTempDir,
  removeArchiveLeftovers,
  removeExpiredArchives,
} from '../modules/archives/service.ts';
import { writeZipFile, type ZipProgress } from '../modules/archives/write-zip-file.ts';
import { writePlanListPdf } from '../modules/prints/plan-list.ts';
import { officeActor } from '../modules/offices/access.ts';
import { QUEUES } from './boss.ts';
import { workNoted } from './running-jobs.ts';
import { StoredObjectMissing } from '../storage/storage.ts';

export interface ArchiveJob {
  archiveId: string;
}

type ArchiveDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'realtime' | 'log'>;

class ArchiveCancelled extends Error {}

/**
 * Builds one archive. The ZIP grows in a temporary file; only when it is complete does it move
 * into storage and the row turn FINISHED, so nothing half-written is ever listed or served.
 * Every tick saves the progress; finding the row gone (deleted = cancelled) stops the job.
 */
export async function runArchive(deps: ArchiveDeps, job: ArchiveJob, options: { tickMs?: number } = {}) {
  const { db, config } = deps;
  const row = await findArchiveById(db, job.archiveId);
  if (!row || row.status !== 'RUNNING') return;
  await fsp.mkdir(archiveTempDir(config.dataDir), { recursive: true });
  const part = archivePartPath(config.dataDir, row.id);
  const planList = archivePlanListPath(config.dataDir, row.id);
  try {
    await writeArchive(deps, row, { part, planList }, options.tickMs ?? 1000);
  } finally {
    await fsp.rm(part, { force: true });
    await fsp.rm(planList, { force: true });
  }
}

async function writeArchive(
  deps: ArchiveDeps,
  row: ArchiveRow,
  files: { part: string; planList: string },
  tickMs: number,
) {
  const { db, config } = deps;
  const actor = officeActor(row.office_id, row.created_by);
  // The plan list in the language of the person who made the archive.
  const person = row.created_by
    ? await db.selectFrom('app_user').select('locale').where('id', '=', row.created_by).executeTakeFirst()
    : undefined;
  const locale = person?.locale ?? 'de';
  await writePlanListPdf(db, { actor, projectId: row.project_id, locale }, files.planList);
  const contents = await archiveContents(deps, row.project_id, row.pdf_only, {
    file: files.planList,
    name: PLAN_LIST_NAMES[locale],
  });
  const started = await saveArchiveProgress(db, row.id, {
    files_total: contents.files,
    bytes_total: contents.bytes,
    files_done: 0,
    bytes_done: 0,
  });
  if (!started) return;
  announceArchive(deps, actor, toArchiveDto(started), false);

  const { part } = files;
  const stop = new AbortController();
  const progress: ZipProgress = { bytesWritten: 0, filesWritten: 0 };
  let saving = false;
  const tick = async () => {
    if (saving || stop.signal.aborted) return;
    saving = true;
    try {
      const saved = await saveArchiveProgress(db, row.id, {
        files_done: Math.min(progress.filesWritten, contents.files),
        bytes_done: Math.min(progress.bytesWritten, contents.bytes),
      });
      if (!saved) stop.abort(new ArchiveCancelled());
      else announceArchive(deps, actor, toArchiveDto(saved), false);
    } catch (err) {
      deps.log.warn({ err, archiveId: row.id }, 'saving archive progress failed');
    } finally {
      saving = false;
    }
  };
  const timer = setInterval(() => void tick(), tickMs);
  try {
    const zip = await writeZipFile(part, contents.sources, { signal: stop.signal, progress });
    clearInterval(timer);
    const stored = await deps.storage.adopt(part, zip);
    const finished = await markArchiveFinished(db, row.id, {
      storageKey: stored.key,
      size: zip.size,
      filesDone: contents.files,
      ttlHours: config.archiveTtlHours,
    });
    if (!finished) {
      await deps.storage.remove(stored.key);
      return;
    }
    announceArchive(deps, actor, toArchiveDto(finished), true);
  } catch (err) {
    if (err instanceof ArchiveCancelled) return;
    throw err;
  } finally {
    clearInterval(timer);
  }
}

export async function startArchiveWorker(deps: Deps): Promise<void> {
  await removeArchiveLeftovers(deps).catch((err: unknown) =>
    deps.log.warn({ err }, 'removing leftover archive files failed'),
  );
  await workNoted<ArchiveJob>(
    deps,
    QUEUES.projectArchive,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await runArchive(deps, job.data);
      } catch (err) {
        // A broken archive (a stored file missing, disk full) must not stay RUNNING and block the next.
        deps.log.error({ err, archiveId: job.data.archiveId }, 'project archive failed');
        const failed = await markArchiveFailed(
          deps.db,
          job.data.archiveId,
          err instanceof StoredObjectMissing ? 'file.missing' : 'common.internal',
          deps.config.archiveTtlHours,
        );
        if (failed) announceArchive(deps, { officeId: failed.office_id }, toArchiveDto(failed), true);
      }
    },
  );
  await deps.jobs.boss.work(QUEUES.archiveExpiry, { batchSize: 1 }, async () => {
    await removeExpiredArchives(deps);
  });
  // Every ten minutes on one instance (pg-boss schedules are kept in the database).
  await deps.jobs.boss.schedule(QUEUES.archiveExpiry, '*/10 * * * *');
}
