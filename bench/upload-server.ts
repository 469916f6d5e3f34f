// The real Plankurier server for `npm run bench:upload`, in its own process so its RSS is its own:
// embedded PostgreSQL and storage under BENCH_DIR, outbox mail. Prepares an office with a project,
// doc and a version in preparation (rows written directly), then prints one JSON line.
import { reportReady, seedBenchFolder, startBenchServer } from './bench-server.ts';

const server = await startBenchServer({ workers: false });
const { db } = server.deps;
const office = await seedBenchFolder(server, { project: 'Bench', folder: 'Pläne' });
const doc = await db
  .insertInto('doc')
  .values({
    project_id: office.projectId,
    folder_id: office.folderId,
    doctype: 'plan',
    number: 'A-100',
    name: 'Lageplan',
    sort_order: 0,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const version = await db
  .insertInto('version')
  .values({ project_id: office.projectId, doc_id: doc.id, number: 1, index: 'a', status: 'preparation' })
  .returning('id')
  .executeTakeFirstOrThrow();

reportReady(server, { token: office.token, versionId: version.id });
