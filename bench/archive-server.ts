// The real Plankurier server for `npm run bench:archive`, in its own process so its RSS is its own:
// embedded PostgreSQL and storage under BENCH_DIR, job workers on. Writes a project of about 2 GB
// (plans with a PDF and a DWG each, random contents) straight into storage and the database, then
// prints one JSON line.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { reportReady, seedBenchFolder, startBenchServer } from './bench-server.ts';

const dataDir = process.env.BENCH_DIR ?? '';
if (!dataDir) throw new Error('BENCH_DIR is required');
const MB = 1024 * 1024;
const DOCS = Number(process.env.BENCH_DOCS ?? 128);
const SIZES = { pdf: 10 * MB, dwg: 6 * MB } as const;

const server = await startBenchServer({ workers: true });
const { db } = server.deps;
const office = await seedBenchFolder(server, { project: 'Archiv-Bench', folder: 'Grundrisse' });

// One random block, each file a different random head on it: incompressible, quick to write.
const block = randomBytes(Math.max(...Object.values(SIZES)));
const filesRoot = path.join(dataDir, 'files');
let bytes = 0;
let files = 0;
for (let i = 0; i < DOCS; i++) {
  const doc = await db
    .insertInto('doc')
    .values({
      project_id: office.projectId,
      folder_id: office.folderId,
      doctype: 'plan',
      number: `A-${100 + i}`,
      name: `Grundriss ${i % 2 ? 'Küche' : 'Bad'} ${i}`,
      sort_order: i,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('version')
    .values({
      project_id: office.projectId,
      doc_id: doc.id,
      number: 1,
      index: 'A',
      status: 'current',
      release_date: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [kind, size] of Object.entries(SIZES) as ['pdf' | 'dwg', number][]) {
    const id = randomUUID();
    const key = `${id.slice(0, 2)}/${id}`;
    const head = randomBytes(4096);
    const body = block.subarray(0, size - head.length);
    fs.mkdirSync(path.join(filesRoot, key.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(filesRoot, key), Buffer.concat([head, body]));
    await db
      .insertInto('file')
      .values({
        project_id: office.projectId,
        doc_id: doc.id,
        version_id: version.id,
        kind,
        filename: `plan-${i}.${kind}`,
        storage_key: key,
        size,
        sha256: createHash('sha256').update(head).update(body).digest('hex'),
        mime_type: kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
      })
      .execute();
    bytes += size;
    files++;
  }
}

reportReady(server, { token: office.token, projectId: office.projectId, filesRoot, bytes, files });
