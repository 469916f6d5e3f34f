import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import { hasSheet } from '@plankurier/shared';
import type { Database } from '../db/types.ts';
import type { Deps } from '../deps.ts';
import { announceChange } from '../modules/projects/changes.ts';
import {
  findFileForPreview,
  finishSheet,
  officeHasPendingPreviews,
  pendingSheetFileIds,
} from '../modules/previews/queries.ts';
import { onceMoreAfterCrash, PREVIEW_PROCESSES } from '../pdf/pdf-process.ts';
import { makePlanSheetInChild } from '../previews/plan-preview.ts';
import type { StoredObject } from '../storage/storage.ts';
import { QUEUES } from './boss.ts';
import { adopt, copyOutOfStorage } from './preview-files.ts';
import { workOnePerOffice } from './office-fair-worker.ts';

type WorkerDeps = Pick<Deps, 'db' | 'storage' | 'realtime' | 'config' | 'log' | 'jobs'>;

export interface PlanSheetJob {
  fileId: string;
}

/**
 * The sheet job's id, made from the file's: one job per file however often it is queued, and not
 * the file's id itself, which the file's preview job carries (running_job notes jobs by id alone).
 */
export function sheetJobId(fileId: string): string {
  const hex = createHash('sha256').update(`plan-sheet:${fileId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues the sheets of these files inside the caller's transaction; a file queued before is skipped. */
export const queueSheet = (deps: Pick<Deps, 'jobs'>, tx: Transaction<Database>, fileIds: string[]) =>
  deps.jobs.enqueueMany(
    tx,
    QUEUES.planSheet,
    fileIds.map((fileId) => ({ id: sheetJobId(fileId), data: { fileId } })),
  );

/**
 * Draws one PDF's sheet (its first page at screen size) in the preview process and stores it. A
 * file that cannot be drawn ends `failed`: the viewer waits for pdf.js as it did before sheets.
 * Runs once per file: a sheet already recorded, or a file deleted meanwhile, keeps nothing of a
 * second run.
 */
export async function runPlanSheet(deps: WorkerDeps, job: PlanSheetJob): Promise<void> {
  const file = await findFileForPreview(deps.db, job.fileId);
  if (!file || file.sheet_status !== 'pending' || !hasSheet(file.kind)) return;
  const dir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(dir, { recursive: true });
  const input = path.join(dir, `sheet-${file.id}`);
  let made: string | null = null;
  let stored: StoredObject | null = null;
  try {
    await copyOutOfStorage(deps, file.storage_key, input);
    // A file that brings the drawing process down twice is one that cannot be drawn: `failed`; one
    // past its time or memory limit is `too_complex` at once.
    const outcome = fs.existsSync(input)
      ? await onceMoreAfterCrash(() => makePlanSheetInChild(input, file.office_id))
      : ({ failed: 'crashed' } as const);
    made = 'done' in outcome ? outcome.done : null;
    stored = made ? await adopt(deps, made) : null;
    const tooComplex = 'failed' in outcome && outcome.failed === 'too_complex';
    const finished = await finishSheet(deps.db, file.id, {
      status: stored ? 'ready' : tooComplex ? 'too_complex' : 'failed',
      sheetKey: stored?.key ?? null,
    });
    if (finished) stored = null; // kept: the row names it now
    if (finished)
      await announceChange(
        deps,
        { officeId: file.office_id },
        { projectId: file.project_id, entity: 'file', id: file.id },
      );
  } finally {
    if (stored) await deps.storage.remove(stored.key).catch(() => undefined);
    for (const leftover of [input, made]) if (leftover) await fsp.rm(leftover, { force: true });
  }
}

/** How long a sheet waits at most for its office's thumbnails, so that sheets never starve. */
const THUMBNAILS_FIRST_MAX_MS = 120_000;

/**
 * Thumbnails first: every plan in a list wants its thumbnail, only an opened one its sheet, and
 * an office's files are drawn one at a time (the preview pool's lanes). A sheet waits while its
 * own office has thumbnails to make — never for another office's, which would let one office's
 * flood of uploads hold every office's sheets.
 */
async function afterOfficeThumbnails(deps: Pick<Deps, 'db'>, officeId: string): Promise<void> {
  const until = Date.now() + THUMBNAILS_FIRST_MAX_MS;
  while (Date.now() < until && (await officeHasPendingPreviews(deps.db, officeId))) await sleep(500);
}

/**
 * One sheet job per office in hand (workOnePerOffice), as with thumbnails: one office's sheets
 * drawn up to their time limit never hold another office's (pg-boss' batches ran a fetch's jobs
 * one after the other). Twice as many in hand as preview processes, as for thumbnails.
 */
const SHEETS_IN_HAND = 2 * PREVIEW_PROCESSES;

export async function startPlanSheetWorker(deps: Deps): Promise<void> {
  workOnePerOffice<PlanSheetJob>(
    deps,
    QUEUES.planSheet,
    { maxInHand: SHEETS_IN_HAND, pollingMs: 1000 },
    async (job, officeId) => {
      await afterOfficeThumbnails(deps, officeId);
      await runPlanSheet(deps, job);
    },
  );
  // PDFs uploaded before sheets existed (or whose job was lost) are queued now; a queued one is skipped.
  const pending = await pendingSheetFileIds(deps.db, 10_000);
  if (pending.length > 0) {
    await deps.db.transaction().execute((tx) =>
      queueSheet(
        deps,
        tx,
        pending.map(({ id }) => id),
      ),
    );
  }
}
