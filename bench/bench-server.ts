// The child-process side of benches that measure the real server in its own process (its RSS is
// its own): start it on BENCH_DIR, give it an office with a project, a phase and a folder, report
// one JSON line on stdout and stop cleanly on a signal.
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** `webDist`: serve the built web app too (a bench that drives Chromium); otherwise the API alone. */
export async function startBenchServer(options: { workers: boolean; webDist?: string }): Promise<BenchServer> {
  const dataDir = process.env.BENCH_DIR;
  if (!dataDir) throw new Error('BENCH_DIR is required');
  // STORAGE=s3 and S3_* of the bench's test S3 server, when the bench measures with S3.
  const s3Env = JSON.parse(process.env.BENCH_S3_ENV ?? '{}') as Record<string, string>;
  // production needs a relay; the benches' mail goes to a local sink
  const smtp = await startSmtpSink();
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // production refuses a sender under .local; the benches send no mail to the outside
      MAIL_FROM: 'Plankurier <noreply@example.org>',
      SMTP_URL: smtp.url,
      ...s3Env,
    },
    { webDist: options.webDist },
  );
  const server = await startServer(config, { workers: options.workers });
  const stop = async () => {
    await server.stop();
    await smtp.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  return server;
}

/** A signed-up office (through the real sign-up route): its id and session token. */
export async function signUpBenchOffice(server: BenchServer): Promise<{ id: string; token: string }> {
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
  const user = signUp.json<{ officeId: string; token: string }>();
  return { id: user.officeId, token: user.token };
}

/** A signed-up office with one project, phase LP5 and one plan folder, the rows written directly. */
export async function seedBenchFolder(
  server: BenchServer,
  names: { project: string; folder: string; projectNumber?: string },
) {
  const { db } = server.deps;
  const user = await signUpBenchOffice(server);
  const project = await db
    .insertInto('project')
    .values({ office_id: user.id, number: names.projectNumber ?? 'B-1', name: names.project })
    .returning('id')
    .executeTakeFirstOrThrow();
  const phase = await db
    .insertInto('phase')
    .values({ project_id: project.id, shortcut: 'LP5', name: 'Ausführungsplanung', sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = await db
    .insertInto('doc_folder')
    .values({ project_id: project.id, phase_id: phase.id, name: names.folder, category: 'plans', sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { officeId: user.id, token: user.token, projectId: project.id, folderId: folder.id };
}

/** The one line the parent bench reads: the port plus what the bench needs. */
export function reportReady(server: BenchServer, data: Record<string, unknown>): void {
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, ...data })}\n`);
}
