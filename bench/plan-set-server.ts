// The real Plankurier server for `npm run bench:plan-set`, in its own process, serving the built web
// app as well: embedded PostgreSQL and storage under BENCH_DIR. An ENTERPRISE office (no doc limit)
// with project 2026-014, phase LP5, folder 'Grundrisse' and 100 plans A-001 … A-100 released at
// index B (rows written directly), then one JSON line.
import path from 'node:path';
import { reportReady, seedBenchFolder, startBenchServer } from './bench-server.ts';

const PLANS = 100;

const server = await startBenchServer({
  workers: false,
  webDist: path.resolve(import.meta.dirname, '../apps/web/dist'),
});
const { db } = server.deps;
const seeded = await seedBenchFolder(server, {
  project: 'Wohnanlage Lindenhof',
  folder: 'Grundrisse',
  projectNumber: '2026-014',
});
await db.updateTable('office').set({ tier: 'P2' }).where('id', '=', seeded.officeId).execute();
const project = { id: seeded.projectId };
const folder = { id: seeded.folderId };
const docs = await db
  .insertInto('doc')
  .values(
    Array.from({ length: PLANS }, (_, i) => ({
      project_id: project.id,
      folder_id: folder.id,
      doctype: 'plan' as const,
      number: `A-${String(i + 1).padStart(3, '0')}`,
      name: `Grundriss Ebene ${i + 1}`,
      sort_order: i,
    })),
  )
  .returning('id')
  .execute();
await db
  .insertInto('version')
  .values(
    docs.map((d) => ({ project_id: project.id, doc_id: d.id, number: 1, index: 'B', status: 'current' as const })),
  )
  .execute();

reportReady(server, { token: seeded.token, projectId: project.id, folderId: folder.id, docIds: docs.map((d) => d.id) });
