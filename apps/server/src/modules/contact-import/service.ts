import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import {
  appError,
  contactDisplayName,
  errors,
  UNDO_PREVIEW_NAMES,
  type ImportInfo,
  type ImportUndoPreview,
  type ImportUndoResult,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { Actor } from '../offices/access.ts';
import { deleteUndoableContacts, findImport, latestImportInfo, toImportInfo, undoPreviewRows } from './queries.ts';
import { hasNoContactLines } from './parse-contact-file.ts';
import { looksBinary, readSample } from './sniff.ts';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Text exports: CSV and TXT (spec §5), tab-separated text, and vCards (Apple Contacts, Outlook). */
const ALLOWED = /\.(csv|txt|tsv|tab|vcf|vcard)$/i;
/** Spreadsheets are not read: the office saves them as CSV first. */
const SPREADSHEET = /\.(xlsx|xlsm|xls|ods|numbers)$/i;

/** Where imports received before 0030_shared_state waited for their job (on the receiving machine). */
export const legacyImportFilePath = (dataDir: string, importId: string) =>
  path.join(dataDir, 'imports', `${importId}.upload`);

/** The receiving process's scratch space for uploaded contact files: a cache, never the only copy. */
export const importTempDir = (dataDir: string) => path.join(dataDir, 'tmp', 'imports');

type ImportDeps = Pick<Deps, 'db' | 'jobs' | 'config' | 'realtime' | 'storage'>;

/**
 * Streams the uploaded file to a temporary file (50 MB at most), refuses other file types, binary
 * files and files without a contact line (empty, blank lines, a header alone), moves it into
 * storage (the job may run on another machine) and starts the import job in the same transaction
 * as its record.
 */
export async function startImport(
  { db, jobs, config, storage }: ImportDeps,
  officeId: string,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<ImportInfo> {
  if (!ALLOWED.test(upload.filename)) {
    upload.file.resume();
    throw appError(SPREADSHEET.test(upload.filename) ? 'import.spreadsheet' : 'import.file_type', 400);
  }
  const running = await db
    .selectFrom('contact_import')
    .select('id')
    .where('office_id', '=', officeId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  if (running) {
    upload.file.resume();
    throw appError('import.in_progress', 409);
  }
  const dir = importTempDir(config.dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `incoming-${randomUUID()}`);
  let storageKey: string | undefined;
  try {
    await pipeline(upload.file, fs.createWriteStream(temp));
    if (upload.file.truncated) throw appError('import.too_large', 413);
    if (looksBinary(await readSample(temp))) throw appError('import.binary_file', 400);
    if (await hasNoContactLines(temp)) throw appError('import.empty_file', 400);
    const key = (await storage.write(fs.createReadStream(temp))).key;
    storageKey = key;
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('contact_import')
        .values({
          office_id: officeId,
          filename: path.basename(upload.filename).slice(0, 255),
          status: 'RUNNING',
          storage_key: key,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await jobs.enqueue(tx, QUEUES.contactImport, { importId: created.id }, { retryLimit: 2 });
      return created;
    });
    storageKey = undefined;
    return toImportInfo(row);
  } finally {
    await fsp.rm(temp, { force: true });
    // Refused or not recorded: the stored copy goes too.
    if (storageKey) await storage.remove(storageKey).catch(() => undefined);
  }
}

export async function getImportInfo({ db }: ImportDeps, officeId: string): Promise<{ importInfo: ImportInfo | null }> {
  return { importInfo: await latestImportInfo(db, officeId) };
}

/** Hides the report of finished imports (the tab starts empty again). */
export async function resetImport({ db }: ImportDeps, officeId: string): Promise<void> {
  await db
    .updateTable('contact_import')
    .set({ finalised: true })
    .where('office_id', '=', officeId)
    .where('status', '<>', 'RUNNING')
    .execute();
}

/** What taking the import back removes, by name, and which of its contacts it keeps and why. */
export async function undoPreview({ db }: ImportDeps, actor: Actor, importId: string): Promise<ImportUndoPreview> {
  const found = await findImport(db, actor.officeId, importId);
  if (!found) throw errors.notFound();
  const rows = await undoPreviewRows(db, actor, importId, UNDO_PREVIEW_NAMES);
  return {
    remove: { count: rows.removeCount, names: rows.removeNames.map(displayName) },
    keep: {
      count: rows.keepCount,
      contacts: rows.keepRows.map((row) => ({
        _id: row.id,
        name: displayName(row),
        email: row.email,
        reason: row.is_participant ? 'participant' : 'edited',
        projects: row.projects,
      })),
    },
  };
}

const displayName = (row: { first_name: string; last_name: string; company: string; email: string }) =>
  contactDisplayName({ firstName: row.first_name, lastName: row.last_name, company: row.company, email: row.email });

/**
 * Takes an import back: its contacts are removed except those that are participants of a project
 * or were edited since (they are the office's work now); the record stays as finalised.
 */
export async function deleteImport(
  { db, realtime }: ImportDeps,
  officeId: string,
  importId: string,
): Promise<ImportUndoResult> {
  const result = await db.transaction().execute(async (tx) => {
    const found = await findImport(tx, officeId, importId);
    if (!found) throw errors.notFound();
    if (found.status === 'RUNNING') throw appError('import.in_progress', 409);
    const removed = await deleteUndoableContacts(tx, officeId, importId);
    const kept = await tx
      .selectFrom('contact')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('office_id', '=', officeId)
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('contact_import')
      .set({ finalised: true, finished_at: sql`coalesce(finished_at, now())` })
      .where('id', '=', importId)
      .execute();
    return { removed, kept: kept.n };
  });
  realtime.toOffice(officeId, 'updateData', { contacts: true });
  return result;
}
