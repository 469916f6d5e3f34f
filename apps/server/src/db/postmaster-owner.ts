import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../startup-error.ts';

/** The cluster under `dir` runs for another live process: starting it here would stop that one's database. */
export class DatabaseInUse extends StartupError {
  constructor(
    readonly dir: string,
    readonly ownerPid: number,
  ) {
    super(`the database in ${dir} is in use by process ${ownerPid}; set DATABASE_URL to share it`);
  }
}

/** Beside PostgreSQL's own postmaster.pid: the process that started the postmaster. */
const ownerFile = (dir: string) => path.join(dir, 'plankurier-owner.pid');

/** Notes this process as the owner of the postmaster it is about to start. */
export const noteOwner = (dir: string) => fs.writeFileSync(ownerFile(dir), `${process.pid}\n`);

/** Takes the note back after a start that failed (another process may own the cluster meanwhile). */
export function forgetOwner(dir: string) {
  const owner = readPid(ownerFile(dir));
  if (owner === process.pid) fs.rmSync(ownerFile(dir), { force: true });
}

function readPid(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

interface ProcessInfo {
  parent: number;
  command: string;
}

/** A running (not zombie) process' parent and command name; undefined when there is none. */
function processInfo(pid: number): ProcessInfo | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); // pid (command) state parent …
      const close = stat.lastIndexOf(')');
      const [state, parent] = stat.slice(close + 2).split(' ');
      return state === 'Z' ? undefined : { parent: Number(parent), command: stat.slice(stat.indexOf('(') + 1, close) };
    }
    const [parent, state, ...command] = execFileSync('ps', ['-o', 'ppid=,stat=,comm=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: 'pipe',
    })
      .trim()
      .split(/\s+/);
    return state?.startsWith('Z') ? undefined : { parent: Number(parent), command: path.basename(command.join(' ')) };
  } catch {
    return undefined;
  }
}

/**
 * The postmaster of `dir` now: none, one whose owner is gone (a leftover: it was re-parented to init
 * or a subreaper when the process that started it died), or one a live process owns — its parent,
 * the process noted as owner (a cluster of an older version has no note: its parent, unless init).
 */
export function postmasterOf(dir: string): { pid: number; owner: number | undefined } | undefined {
  const pid = readPid(path.join(dir, 'postmaster.pid'));
  const info = pid ? processInfo(pid) : undefined;
  if (!pid || !info || info.command !== 'postgres') return undefined;
  const noted = readPid(ownerFile(dir));
  const owned = info.parent !== 1 && (noted === undefined || noted === info.parent);
  return { pid, owner: owned ? info.parent : undefined };
}

/**
 * A process that died without shutting down leaves its postmaster running (or its pid file):
 * PostgreSQL refuses to start over either, so stop the orphan and remove a stale pid file. A
 * postmaster whose owner still runs is that process' database: DatabaseInUse, and it is left alone.
 */
export async function clearLeftoverPostmaster(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const postmaster = postmasterOf(dir);
  if (postmaster?.owner !== undefined) throw new DatabaseInUse(dir, postmaster.owner);
  if (postmaster) {
    process.kill(postmaster.pid, 'SIGINT'); // PostgreSQL's "fast" shutdown
    for (let i = 0; i < 100 && processInfo(postmaster.pid); i++) await sleep(100);
  }
  if (!postmasterOf(dir)) fs.rmSync(pidFile, { force: true });
}
