// The real Plankurier server for `npm run bench:archive`, in its own process so its RSS is its own:
// embedded PostgreSQL under BENCH_DIR, storage there or in a bucket (BENCH_S3_ENV), job workers on. Writes a project of about 2 GB
// (plans with a PDF and a DWG each, random contents) straight into storage and the database, then
// prints one JSON line.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
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
    const head = randomBytes(4096);
    const body = block.subarray(0, size - head.length);
    // Through the storage the server runs with (the directory, or the bucket with STORAGE=s3).
    const { key } = await server.deps.storage.write(Readable.from([head, body]));
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
