import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/index.ts';
import { mimeTypeFor } from '@plankurier/shared';
import type { Doctype, FileKind, VersionStatus } from '../src/db/types.ts';
import type { Storage } from '../src/storage/storage.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

let counter = 0;

/**
 * A project with one phase, folder and doc and a version of it, written straight into the
 * database (the project routes are tested elsewhere; uploads only need the rows).
 */
export async function createVersionRow(
  db: Db,
  officeId: string,
  options: { doctype?: Doctype; status?: VersionStatus } = {},
) {
  const n = ++counter;
  const project = await db
    .insertInto('project')
    .values({ office_id: officeId, number: `U-${n}-${Date.now()}`, name: 'Upload-Test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const phase = await db
    .insertInto('phase')
    .values({ project_id: project.id, shortcut: 'LP5', name: 'Ausführungsplanung', sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = await db
    .insertInto('doc_folder')
    .values({
      project_id: project.id,
      phase_id: phase.id,
      name: 'Pläne',
      category: options.doctype === 'data' ? 'documents' : 'plans',
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const doc = await db
    .insertInto('doc')
    .values({
      project_id: project.id,
      folder_id: folder.id,
      doctype: options.doctype ?? 'plan',
      number: `A-${n}`,
      name: 'Grundriss EG',
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('version')
    .values({ project_id: project.id, doc_id: doc.id, number: 1, index: 'a', status: options.status ?? 'preparation' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { projectId: project.id, docId: doc.id, versionId: version.id };
}

/**
 * A real fixture file put into storage and recorded as a finished upload of the version (the way
 * an upload ends, without tus).
 */
export const insertStoredFixture = (
  deps: { db: Db; storage: Storage },
  version: { _id: string; doc: string },
  kind: FileKind,
  name: string,
) => insertStoredBytes(deps, version, kind, name, fixture(name));

/** The same for any bytes under any file name (a data doc's .docx protocol). */
export async function insertStoredBytes(
  deps: { db: Db; storage: Storage },
  version: { _id: string; doc: string },
  kind: FileKind,
  filename: string,
  data: Buffer,
) {
  const sha = sha256Hex(data);
  const tmp = path.join(os.tmpdir(), `fixture-${++counter}-${Date.now()}`);
  fs.writeFileSync(tmp, data);
  const stored = await deps.storage.adopt(tmp, { sha256: sha, size: data.length });
  const { project_id } = await deps.db
    .selectFrom('doc')
    .select('project_id')
    .where('id', '=', version.doc)
    .executeTakeFirstOrThrow();
  return deps.db
    .insertInto('file')
    .values({
      project_id,
      doc_id: version.doc,
      version_id: version._id,
      kind,
      filename,
      storage_key: stored.key,
      size: data.length,
      sha256: sha,
      mime_type: mimeTypeFor(kind, filename),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
