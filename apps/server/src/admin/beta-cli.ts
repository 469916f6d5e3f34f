/**
 * npm run admin:beta -- <email> on|off
 * Uses DATABASE_URL, else the embedded PostgreSQL under DATA_DIR/pg: the running server's (its port
 * is in postmaster.pid), or one started just for this change when no server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createDatabase, ensureDatabase } from '../db/index.ts';
import { setBetaTester } from './beta-testers.ts';

const [email, mode] = process.argv.slice(2);
if (!email || (mode !== 'on' && mode !== 'off')) {
  console.error('usage: npm run admin:beta -- <email> on|off');
  process.exit(2);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The port of a PostgreSQL that runs on the directory now (postmaster.pid: pid on line 1, port on line 4). */
function runningPort(pgDir: string): number | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid && port && isAlive(pid) ? port : null;
}

async function openUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const pgDir = path.join(config.dataDir, 'pg');
  const port = runningPort(pgDir);
  if (port)
    return { url: `postgres://plankurier:plankurier@127.0.0.1:${port}/plankurier`, stop: async () => undefined };
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`no database under ${pgDir}`);
  const { startEmbeddedPostgres } = await import('../db/embedded.ts');
  const embedded = await startEmbeddedPostgres(pgDir);
  await ensureDatabase(embedded.url('postgres'), 'plankurier');
  return { url: embedded.url('plankurier'), stop: embedded.stop };
}

const target = await openUrl();
const database = createDatabase(target.url, console);
try {
  const found = await setBetaTester(database.db, email, mode === 'on');
  if (!found) {
    console.error(`no account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${email}: beta tester ${mode}`);
  }
} finally {
  await database.close();
  await target.stop();
}
