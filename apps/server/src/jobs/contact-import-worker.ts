import fsp from 'node:fs/promises';
import { sql } from 'kysely';
import type { ImportProblem } from '@plankurier/shared';
import type { Deps } from '../deps.ts';
import { parseContactFile } from '../modules/contact-import/parse-contact-file.ts';
import { findImportForWorker, toImportInfo } from '../modules/contact-import/queries.ts';
import { importFilePath } from '../modules/contact-import/service.ts';
import { QUEUES } from './boss.ts';

export interface ContactImportJob {
  importId: string;
}

const BATCH = 1000;
const MAX_LISTED_PROBLEMS = 1000;

/**
 * Parses the whole file first and writes its contacts in one transaction, so a file that fails
 * (binary, a line over 1 MB) imports nothing; progress goes to the office's tabs on the way.
 */
export async function runContactImport(
  deps: Pick<Deps, 'db' | 'config' | 'realtime'>,
  job: ContactImportJob,
): Promise<void> {
  const current = await findImportForWorker(deps.db, job.importId);
  if (!current || current.status !== 'RUNNING') return;
  const officeId = current.office_id;
  const announce = async () => {
    const row = await findImportForWorker(deps.db, job.importId);
    if (row) deps.realtime.toOffice(officeId, 'contactImportInfo', { importInfo: toImportInfo(row) });
  };
  const file = importFilePath(deps.config.dataDir, job.importId);
  // Progress is saved in order and only while the import runs: a late write of the expected line
  // count (header included) must not overwrite the finished figures.
  let saving = Promise.resolve();
  const save = (changes: { total_lines?: number; processed_lines?: number }) => {
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
  const result = await parseContactFile(file, {
    onStart: (expected) => save({ total_lines: expected }),
    onProgress: (lines) => save({ processed_lines: lines }),
  });
  await saving;

  if (!result.ok) {
    await deps.db
      .updateTable('contact_import')
      .set({ status: 'FAILED', failure: result.failure, finished_at: sql`now()` })
      .where('id', '=', job.importId)
      .execute();
  } else {
    await deps.db.transaction().execute(async (tx) => {
      let imported = 0;
      const existing: ImportProblem[] = [];
      for (let i = 0; i < result.contacts.length; i += BATCH) {
        const batch = result.contacts.slice(i, i + BATCH);
        const inserted = await tx
          .insertInto('contact')
          .values(
            batch.map((c) => ({
              office_id: officeId,
              first_name: c.firstName.slice(0, 100),
              last_name: c.lastName.slice(0, 100),
              email: c.email.slice(0, 254),
              company: c.company.slice(0, 200),
              phone: c.phone.slice(0, 50),
              import_id: job.importId,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('email')
          .execute();
        imported += inserted.length;
        const added = new Set(inserted.map((r) => r.email));
        for (const c of batch)
          if (!added.has(c.email)) existing.push({ line: c.line, reason: 'duplicate_existing', value: c.email });
      }
      const problems = [...result.problems, ...existing].sort((a, b) => a.line - b.line);
      await tx
        .updateTable('contact_import')
        .set({
          status: 'FINISHED',
          total_lines: result.totalLines,
          processed_lines: result.totalLines,
          imported,
          duplicates: result.duplicatesInFile + existing.length,
          rejected: result.rejected,
          invalid: JSON.stringify(problems.slice(0, MAX_LISTED_PROBLEMS)),
          finished_at: sql`now()`,
        })
        .where('id', '=', job.importId)
        .execute();
    });
  }
  await fsp.rm(file, { force: true });
  await announce();
  deps.realtime.toOffice(officeId, 'updateData', { contacts: true });
}

export async function startContactImportWorker(deps: Deps): Promise<void> {
  await deps.jobs.boss.work<ContactImportJob>(
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
