import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { hasPreview, hasSheet } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { announceChange } from '../modules/projects/changes.ts';
import {
  findFileForPreview,
  finishPreview,
  pendingPreviewFileIds,
  sheetFailsWithPreview,
} from '../modules/previews/queries.ts';
import { onceMoreAfterCrash, PREVIEW_PROCESSES, type Outcome } from '../pdf/pdf-process.ts';
import type { PlanPreviewFiles } from '../previews/plan-preview.ts';
import { makePlanPreviewInChild } from '../previews/plan-preview.ts';
import type { StoredObject } from '../storage/storage.ts';
import { QUEUES } from './boss.ts';
import { queueSheet } from './plan-sheet-worker.ts';
import { adopt, copyOutOfStorage } from './preview-files.ts';
import { workOnePerOffice } from './office-fair-worker.ts';

type WorkerDeps = Pick<Deps, 'db' | 'storage' | 'realtime' | 'config' | 'log' | 'jobs'>;

export interface PlanPreviewJob {
  fileId: string;
}

/**
 * Makes one file's thumbnail (and a drawing's scene) in the preview process and stores them. The
 * file comes out of storage into a temporary file (streamed: S3 or local alike); a file that cannot
 * be drawn ends `failed` and the screens show a placeholder. Runs once per file: a preview already
 * recorded, or a file deleted meanwhile, keeps nothing of a second run.
 */
export async function runPlanPreview(deps: WorkerDeps, job: PlanPreviewJob): Promise<void> {
  const file = await findFileForPreview(deps.db, job.fileId);
  if (!file || file.preview_status !== 'pending' || !hasPreview(file.kind)) return;
  const kind = file.kind;
  const dir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(dir, { recursive: true });
  const input = path.join(dir, `preview-${file.id}`);
  const made: PlanPreviewFiles = { thumbnail: null, scene: null };
  const stored: StoredObject[] = [];
  try {
    await copyOutOfStorage(deps, file.storage_key, input);
    // A file that brings the drawing process down twice is one that cannot be drawn: `failed`; one
    // that passes its time or memory limit is `too_complex` at once (it would only do so again).
    let outcome: Outcome<PlanPreviewFiles> = { failed: 'crashed' };
    if (fs.existsSync(input))
      outcome = await onceMoreAfterCrash(() => makePlanPreviewInChild(input, kind, file.office_id));
    if ('done' in outcome) Object.assign(made, outcome.done);
    const tooComplex = 'failed' in outcome && outcome.failed === 'too_complex';
    if (tooComplex) deps.log.warn({ fileId: file.id }, 'preview passed its time or memory limit: too complex');
    const thumbnail = made.thumbnail ? await adopt(deps, made.thumbnail) : null;
    if (thumbnail) stored.push(thumbnail);
    const scene = made.scene ? await adopt(deps, made.scene) : null;
    if (scene) stored.push(scene);
    const ready = thumbnail !== null && (file.kind === 'pdf' || scene !== null);
    // The sheet (a PDF's first page at screen size) is queued with the thumbnail recorded: its own
    // job after this one, so that every file's thumbnail comes before any file's sheet.
    const finished = await deps.db.transaction().execute(async (tx) => {
      const recorded = await finishPreview(tx, file.id, {
        status: ready ? 'ready' : tooComplex ? 'too_complex' : 'failed',
        thumbnailKey: ready ? (thumbnail?.key ?? null) : null,
        sceneKey: ready ? (scene?.key ?? null) : null,
      });
      if (recorded && ready && hasSheet(kind)) await queueSheet(deps, tx, [file.id]);
      if (recorded && !ready) await sheetFailsWithPreview(tx, file.id, tooComplex ? 'too_complex' : 'failed');
      return recorded;
    });
    if (finished && ready) stored.length = 0; // kept: the row names them now
    if (finished)
      await announceChange(
        deps,
        { officeId: file.office_id },
        { projectId: file.project_id, entity: 'file', id: file.id },
      );
  } finally {
    for (const object of stored) await deps.storage.remove(object.key).catch(() => undefined);
    for (const leftover of [input, made.thumbnail, made.scene]) if (leftover) await fsp.rm(leftover, { force: true });
  }
}

/**
 * One job per office in hand (workOnePerOffice), drawn in the preview processes where each office
 * has one at a time (PREVIEW_PROCESSES): one office's heavy file drawn up to its time limit leaves
 * the other process to every other office's thumbnails. Twice as many in hand as processes: a job
 * waits for at most one other before its own turn, well within its pg-boss expiry.
 */
const PREVIEWS_IN_HAND = 2 * PREVIEW_PROCESSES;

export async function startPlanPreviewWorker(deps: Deps): Promise<void> {
  workOnePerOffice<PlanPreviewJob>(deps, QUEUES.planPreview, { maxInHand: PREVIEWS_IN_HAND, pollingMs: 500 }, (job) =>
    runPlanPreview(deps, job),
  );
  // Files uploaded before previews existed (or whose job was lost) are queued now; a queued one is skipped.
  const pending = await pendingPreviewFileIds(deps.db, 10_000);
  if (pending.length > 0) {
    await deps.db.transaction().execute((tx) =>
      deps.jobs.enqueueMany(
        tx,
        QUEUES.planPreview,
        pending.map(({ id }) => ({ id, data: { fileId: id } })),
      ),
    );
  }
}
