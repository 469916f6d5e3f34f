import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { StartupError } from '../startup-error.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { firstFolderNotEnterable } from './embedded-failure.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/** A folder only its owner (this process's user) may enter, as a home folder under /root is. */
const privateFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-private-'));
  fs.chmodSync(folder, 0o700);
  folders.push(folder);
  return folder;
};

test('another user cannot enter a folder unless its owner, group or other bits let them', () => {
  const folder = privateFolder();
  const data = path.join(folder, 'data', 'pg');
  const { gid } = fs.statSync(folder);
  const stranger = { uid: 424242, groups: [424242] };
  expect(firstFolderNotEnterable(data, stranger)).toBe(folder);
  expect(firstFolderNotEnterable(data, { uid: fs.statSync(folder).uid, groups: [] })).toBeUndefined();
  fs.chmodSync(folder, 0o710);
  expect(firstFolderNotEnterable(data, stranger)).toBe(folder);
  expect(firstFolderNotEnterable(data, { uid: 424242, groups: [gid] })).toBeUndefined();
  fs.chmodSync(folder, 0o701);
  expect(firstFolderNotEnterable(data, stranger)).toBeUndefined();
});

test("a data folder the database's system user cannot enter stops the start with one line that says what to do", async () => {
  const folder = privateFolder();
  const start = startEmbeddedPostgres(path.join(folder, 'data', 'pg'));
  if (process.getuid?.() === 0) {
    // As root PostgreSQL runs as the system user 'postgres', which may not enter the folder.
    const err = await start.then(
      (pg) => pg.stop().then(() => new Error('started')),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `the embedded PostgreSQL runs as the system user "postgres", which cannot enter ${folder}: set DATA_DIR to a folder outside it (e.g. DATA_DIR=/var/lib/plankurier), or DATABASE_URL to a PostgreSQL server`,
    );
  } else {
    // Started by any other user PostgreSQL runs as that user, the owner of the folder: it starts.
    await (await start).stop();
  }
}, 60_000);
