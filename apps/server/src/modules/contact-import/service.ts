import type { Actor } from '../offices/access.ts';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { appError, errors, type ImportInfo } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { findImport, latestImportInfo, toImportInfo } from './queries.ts';
import { looksBinary, readSample } from './sniff.ts';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const ALLOWED = /\.(csv|txt)$/i;

export const importFilePath = (dataDir: string, importId: string) =>
  path.join(dataDir, 'imports', `${importId}.upload`);

type ImportDeps = Pick<Deps, 'db' | 'jobs' | 'config' | 'realtime'>;

/**
 * Streams the uploaded file to disk (50 MB at most), refuses other file types and binary files,
 * and starts the import job in the same transaction as its record.
 */
export async function startImport(
  { db, jobs, config }: ImportDeps,
  actor: Actor,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<ImportInfo> {
  if (!ALLOWED.test(upload.filename)) {
    upload.file.resume();
    throw appError('import.file_type', 400);
  }
  const running = await db
    .selectFrom('contact_import')
    .select('id')
    .where('office_id', '=', actor.officeId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  if (running) {
    upload.file.resume();
    throw appError('import.in_progress', 409);
  }
  const dir = path.join(config.dataDir, 'imports');
  await fsp.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `incoming-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  try {
    await pipeline(upload.file, fs.createWriteStream(temp));
    if (upload.file.truncated) throw appError('import.too_large', 413);
    if (looksBinary(await readSample(temp))) throw appError('import.binary_file', 400);
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('contact_import')
        .values({
          office_id: actor.officeId,
          filename: path.basename(upload.filename).slice(0, 255),
          status: 'RUNNING',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await fsp.rename(temp, importFilePath(config.dataDir, created.id));
      await jobs.enqueue(tx, QUEUES.contactImport, { importId: created.id }, { retryLimit: 2 });
      return created;
    });
    return toImportInfo(row);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

export async function getImportInfo({ db }: ImportDeps, actor: Actor): Promise<{ importInfo: ImportInfo | null }> {
  return { importInfo: await latestImportInfo(db, actor.officeId) };
}

/** Hides the report of finished imports (the tab starts empty again). */
export async function resetImport({ db }: ImportDeps, actor: Actor): Promise<void> {
  await db
    .updateTable('contact_import')
    .set({ finalised: true })
    .where('office_id', '=', actor.officeId)
    .where('status', '<>', 'RUNNING')
    .execute();
}

/** Takes an import back: its contacts are removed, the record stays as finalised. */
export async function deleteImport({ db, realtime }: ImportDeps, actor: Actor, importId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const found = await findImport(tx, actor.officeId, importId);
    if (!found) throw errors.notFound();
    if (found.status === 'RUNNING') throw appError('import.in_progress', 409);
    await tx.deleteFrom('contact').where('office_id', '=', actor.officeId).where('import_id', '=', importId).execute();
    await tx
      .updateTable('contact_import')
      .set({ finalised: true, finished_at: sql`coalesce(finished_at, now())` })
      .where('id', '=', importId)
      .execute();
  });
  realtime.toOffice(actor.officeId, 'updateData', { contacts: true });
}
