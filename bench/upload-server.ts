// The real Plankurier server for `npm run bench:upload`, in its own process so its RSS is its own:
// embedded PostgreSQL and storage under BENCH_DIR, outbox mail. Prepares an office with a project,
// doc and a version in preparation (rows written directly), then prints one JSON line.
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';

const dataDir = process.env.BENCH_DIR;
if (!dataDir) throw new Error('BENCH_DIR is required');
const config = loadConfig(
  { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  { webDist: undefined },
);
const server = await startServer(config, { workers: false });
const { db } = server.deps;

const signUp = await server.app.inject({
  method: 'POST',
  url: '/api/user',
  payload: {
    email: `bench-${Date.now()}@example.org`,
    password: 'geheim123',
    firstName: 'Bench',
    lastName: 'Mark',
    company: 'Büro Bench',
  },
});
const user = signUp.json<{ _id: string; token: string }>();
const project = await db
  .insertInto('project')
  .values({ owner_id: user._id, number: 'B-1', name: 'Bench' })
  .returning('id')
  .executeTakeFirstOrThrow();
const phase = await db
  .insertInto('phase')
  .values({ project_id: project.id, shortcut: 'LP5', name: 'Ausführungsplanung', sort_order: 0 })
  .returning('id')
  .executeTakeFirstOrThrow();
const folder = await db
  .insertInto('doc_folder')
  .values({ project_id: project.id, phase_id: phase.id, name: 'Pläne', category: 'plans', sort_order: 0 })
  .returning('id')
  .executeTakeFirstOrThrow();
const doc = await db
  .insertInto('doc')
  .values({
    project_id: project.id,
    folder_id: folder.id,
    doctype: 'plan',
    number: 'A-100',
    name: 'Lageplan',
    sort_order: 0,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const version = await db
  .insertInto('version')
  .values({ project_id: project.id, doc_id: doc.id, number: 1, index: 'a', status: 'preparation' })
  .returning('id')
  .executeTakeFirstOrThrow();

const address = server.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token: user.token, versionId: version.id })}\n`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
