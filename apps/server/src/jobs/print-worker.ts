import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isAppError, type Locale, type TimelineFilterParams } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { writeParticipantListPdf } from '../modules/prints/participant-list.ts';
import { writePlanListPdf } from '../modules/prints/plan-list.ts';
import {
  failPrintRow,
  findPrintForWorker,
  finishPrintRow,
  updatePrintProgress,
  type PrintRow,
} from '../modules/prints/queries.ts';
import { announcePrint, purgeExpiredPrints, toPrintDto, type PrintJob } from '../modules/prints/service.ts';
import { writeTimelinePdf } from '../modules/prints/timeline-print.ts';
import { writeTransmittalCsv, writeTransmittalPdf } from '../modules/prints/transmittal-print.ts';
import type { PdfRendered } from '../pdf/pdf-document.ts';
import { officeActor } from '../modules/offices/access.ts';
import { QUEUES } from './boss.ts';
import { workNoted } from './running-jobs.ts';

type WorkerDeps = Pick<Deps, 'db' | 'storage' | 'realtime' | 'config' | 'log'>;

class PrintCancelled extends Error {}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Queries here, building and drawing in the render thread: the page count comes back with the file. */
function render(
  deps: WorkerDeps,
  print: PrintRow,
  locale: Locale,
  file: string,
): Promise<Pick<PdfRendered, 'pageCount'>> {
  const params = print.params;
  const base = {
    actor: officeActor(print.office_id, print.created_by),
    projectId: print.project_id,
    locale,
    timeZone: str(params.timeZone),
  };
  if (print.type === 'PLANLIST') {
    return writePlanListPdf(deps.db, { ...base, folderId: str(params.folderId) }, file);
  }
  if (print.type === 'TRANSMITTAL') {
    const transmittal = { ...base, participantId: str(params.participantId), docId: str(params.docId) };
    if (params.format === 'csv') {
      // A CSV has no pages: it is written at once.
      return writeTransmittalCsv(deps.db, transmittal, file).then(() => ({ pageCount: 0 }));
    }
    return writeTransmittalPdf(deps.db, transmittal, file);
  }
  if (print.type === 'PARTICIPANTLIST') {
    return writeParticipantListPdf(deps.db, { ...base, participantId: str(params.participantId) }, file);
  }
  const eventType = params.eventType === 'DOC' || params.eventType === 'EMAIL' ? params.eventType : undefined;
  const filter = (params.filter ?? {}) as TimelineFilterParams;
  return writeTimelinePdf(deps.db, { ...base, filter, eventType }, file);
}

async function fileDigest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return { sha256: hash.digest('hex'), size: (await fsp.stat(file)).size };
}

/**
 * Renders one print into a temporary file and moves it into storage. pdfmake lays out and draws
 * synchronously, so progress has three steps the tabs see as updateData.prints: queued (0 pages),
 * laid out (numberOfPages known), finished. A cancel deletes the row: a render that finishes after
 * it finds no row to finish and removes its file; nothing partial is ever listed or served.
 */
export async function runPrint(deps: WorkerDeps, job: PrintJob): Promise<void> {
  await purgeExpiredPrints(deps);
  const print = await findPrintForWorker(deps.db, job.printId);
  if (!print || print.status !== 'RUNNING') return;
  // In the language of the person who printed.
  const person = print.created_by
    ? await deps.db.selectFrom('app_user').select('locale').where('id', '=', print.created_by).executeTakeFirst()
    : undefined;
  const dir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `print-${print.id}.${print.params.format === 'csv' ? 'csv' : 'pdf'}`);

  try {
    const { pageCount: pages } = await render(deps, print, person?.locale ?? 'de', file);
    const laidOut = await updatePrintProgress(deps.db, print.id, pages, pages);
    if (!laidOut) throw new PrintCancelled();
    const digest = await fileDigest(file);
    const stored = await deps.storage.adopt(file, digest);
    const finished = await finishPrintRow(deps.db, print.id, { storageKey: stored.key, size: digest.size, pages });
    if (!finished) {
      await deps.storage.remove(stored.key); // cancelled between the last check and now
      return;
    }
    announcePrint(deps, officeActor(print.office_id, print.created_by), toPrintDto(finished));
  } catch (err) {
    if (!(err instanceof PrintCancelled)) {
      // A project deleted meanwhile (404) or a render error: the print fails, the office is told.
      if (!isAppError(err)) deps.log.error({ err, printId: print.id }, 'print failed');
      const failed = await failPrintRow(deps.db, print.id);
      if (failed) announcePrint(deps, officeActor(print.office_id, print.created_by), toPrintDto(failed));
    }
  } finally {
    await fsp.rm(file, { force: true });
  }
}

export async function startPrintWorker(deps: Deps): Promise<void> {
  await workNoted<PrintJob>(deps, QUEUES.print, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runPrint(deps, job.data);
  });
}
