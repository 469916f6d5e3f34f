import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { contactDisplayName, type ImportDetails, type ImportProblem } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import type { ImportedContact } from '../modules/contact-import/contact-row.ts';
import { readContactFile, type ContactFileReading } from '../modules/contact-import/parse-contact-file.ts';
import { findImportForWorker, toImportInfo } from '../modules/contact-import/queries.ts';
import { ImportRefusal } from '../modules/contact-import/refusal.ts';
import { importTempDir, legacyImportFilePath } from '../modules/contact-import/service.ts';
import { officeLocaleOf } from '../modules/offices/queries.ts';
import { QUEUES } from './boss.ts';
import { workNoted } from './running-jobs.ts';

export interface ContactImportJob {
  importId: string;
}

const BATCH = 1000;
const MAX_LISTED_PROBLEMS = 1000;
const PROGRESS_EVERY = 2000;

/** The first problems by line of two lists that are each in line order. */
function firstProblems(a: ImportProblem[], b: ImportProblem[]): ImportProblem[] {
  return [...a, ...b].sort((x, y) => x.line - y.line).slice(0, MAX_LISTED_PROBLEMS);
}

/**
 * Streams the file's contacts into one transaction, so a file that is refused on the way (a line
 * over 1 MB, an unclosed quote) imports nothing; progress goes to the office's tabs meanwhile.
 */
export async function runContactImport(
  deps: Pick<Deps, 'db' | 'config' | 'realtime' | 'storage'>,
  job: ContactImportJob,
): Promise<void> {
  const current = await findImportForWorker(deps.db, job.importId);
  if (!current || current.status !== 'RUNNING') return;
  const officeId = current.office_id;
  const announce = async () => {
    const row = await findImportForWorker(deps.db, job.importId);
    if (row) deps.realtime.toOffice(officeId, 'contactImportInfo', { importInfo: toImportInfo(row) });
  };
  // A local copy for the reader (it reads the file more than once); any process can make it again.
  const file = current.storage_key
    ? await fetchImportFile(deps, current.storage_key)
    : legacyImportFilePath(deps.config.dataDir, job.importId);
  // Progress is saved in order and only while the import runs, so a late write never overwrites
  // the finished figures.
  let saving = Promise.resolve();
  const save = (changes: { total_lines?: number; processed_lines?: number; details?: string }) => {
    saving = saving
      .then(() =>
        deps.db
          .updateTable('contact_import')
          .set(changes)
          .where('id', '=', job.importId)
          .where('status', '=', 'RUNNING')
          .execute(),
      )
      .then(announce, () => undefined);
  };

  let details: ImportDetails | null = null;
  try {
    await readIntoContacts();
  } finally {
    // The fetched copy is a cache; a retried job fetches it again.
    if (current.storage_key) await fsp.rm(file, { force: true });
  }
  if (current.storage_key) await deps.storage.remove(current.storage_key);
  else await fsp.rm(file, { force: true });
  await announce();
  deps.realtime.toOffice(officeId, 'updateData', { contacts: true });

  async function readIntoContacts() {
    try {
      const reading = await readContactFile(file);
      details = reading.details;
      save({ total_lines: reading.expectedLines, details: JSON.stringify(details) });
      try {
        await importEntries(deps, officeId, job.importId, reading, details, (processed) =>
          save({ processed_lines: processed }),
        );
      } finally {
        reading.close();
      }
      await saving;
    } catch (err) {
      if (!(err instanceof ImportRefusal)) throw err;
      await saving;
      await deps.db
        .updateTable('contact_import')
        .set({
          status: 'FAILED',
          failure: err.msgCode,
          details: JSON.stringify(details ? { ...details, failureLine: err.line } : err.details),
          finished_at: sql`now()`,
        })
        .where('id', '=', job.importId)
        .execute();
    }
  }
}

/** The stored contact file as a temporary local file. */
async function fetchImportFile(deps: Pick<Deps, 'config' | 'storage'>, key: string): Promise<string> {
  const dir = importTempDir(deps.config.dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `job-${randomUUID()}`);
  try {
    await pipeline(await deps.storage.read(key), fs.createWriteStream(file));
  } catch (err) {
    await fsp.rm(file, { force: true });
    throw err;
  }
  return file;
}

async function importEntries(
  deps: Pick<Deps, 'db'>,
  officeId: string,
  importId: string,
  reading: ContactFileReading,
  details: ImportDetails,
  onProgress: (processedLines: number) => void,
) {
  // A contact without a language of its own in the file speaks the office's.
  const officeLocale = await officeLocaleOf(deps.db, officeId);
  await deps.db.transaction().execute(async (tx) => {
    const fileProblems: ImportProblem[] = [];
    const existing: ImportProblem[] = [];
    let lines = 0;
    let imported = 0;
    let duplicates = 0;
    let rejected = 0;
    let batch: { line: number; contact: ImportedContact }[] = [];

    const flush = async () => {
      if (!batch.length) return;
      const inserted = await tx
        .insertInto('contact')
        .values(
          batch.map(({ contact: c }) => ({
            office_id: officeId,
            first_name: c.firstName.slice(0, 100),
            last_name: c.lastName.slice(0, 100),
            email: c.email,
            company: c.company.slice(0, 200),
            phone: c.phone.slice(0, 50),
            locale: c.locale ?? officeLocale,
            import_id: importId,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('email')
        .execute();
      imported += inserted.length;
      const added = new Set(inserted.map((r) => r.email));
      for (const { line, contact: c } of batch) {
        if (added.has(c.email)) continue;
        duplicates++;
        const name = contactDisplayName({ ...c, email: '' });
        if (existing.length < MAX_LISTED_PROBLEMS)
          existing.push({ line, reason: 'duplicate_existing', value: c.email, ...(name ? { name } : {}) });
      }
      batch = [];
    };

    for await (const entry of reading.entries) {
      lines++;
      if (lines % PROGRESS_EVERY === 0) onProgress(Math.max(0, entry.line - reading.linesBeforeData - 1));
      if ('problem' in entry) {
        if (entry.problem.reason === 'duplicate_in_file') duplicates++;
        else rejected++;
        if (fileProblems.length < MAX_LISTED_PROBLEMS) fileProblems.push(entry.problem);
      } else {
        batch.push(entry);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    if (lines === 0) throw new ImportRefusal('import.empty_file');

    await tx
      .updateTable('contact_import')
      .set({
        status: 'FINISHED',
        total_lines: lines,
        processed_lines: lines,
        imported,
        duplicates,
        rejected,
        invalid: JSON.stringify(firstProblems(fileProblems, existing)),
        details: JSON.stringify(details),
        finished_at: sql`now()`,
      })
      .where('id', '=', importId)
      .execute();
  });
}

export async function startContactImportWorker(deps: Deps): Promise<void> {
  await workNoted<ContactImportJob>(
    deps,
    QUEUES.contactImport,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await runContactImport(deps, job.data);
      } catch (err) {
        // An import that broke must not stay RUNNING: that would block every later import.
        deps.log.error({ err, importId: job.data.importId }, 'contact import failed');
        await deps.db
          .updateTable('contact_import')
          .set({ status: 'FAILED', failure: 'common.internal', finished_at: sql`now()` })
          .where('id', '=', job.data.importId)
          .where('status', '=', 'RUNNING')
          .execute();
      }
    },
  );
}
