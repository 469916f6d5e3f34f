import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../../../test/test-server.ts';
import { createPgLocker, type PgLocker } from './pg-locker.ts';

const log = { warn: () => undefined };
let processA: PgLocker;
let processB: PgLocker;

beforeAll(async () => {
  const url = await createTestDatabase();
  // Two lockers on one database behave like two server processes.
  processA = createPgLocker(url, log);
  processB = createPgLocker(url, log, { acquireTimeoutMs: 1500 });
});
afterAll(async () => {
  await processA.close();
  await processB.close();
});

test('a lock held in one process makes the other wait, asks the holder to let go, and passes on unlock', async () => {
  const lockA = processA.newLock('upload-1');
  let releaseRequested = false;
  await lockA.lock(new AbortController().signal, () => {
    releaseRequested = true;
  });

  const lockB = processB.newLock('upload-1');
  let acquired = false;
  const waiting = lockB.lock(new AbortController().signal, () => undefined).then(() => (acquired = true));
  await new Promise((r) => setTimeout(r, 300));
  expect(acquired).toBe(false);
  expect(releaseRequested).toBe(true);

  await lockA.unlock();
  await waiting;
  expect(acquired).toBe(true);
  await lockB.unlock();
});

test('different uploads do not block each other', async () => {
  const a = processA.newLock('upload-2');
  const b = processB.newLock('upload-3');
  await a.lock(new AbortController().signal, () => undefined);
  await b.lock(new AbortController().signal, () => undefined);
  await a.unlock();
  await b.unlock();
});

test('a lock that is not released in time fails with the tus lock timeout, and an aborted wait stops', async () => {
  const holder = processA.newLock('upload-4');
  await holder.lock(new AbortController().signal, () => undefined);
  await expect(processB.newLock('upload-4').lock(new AbortController().signal, () => undefined)).rejects.toMatchObject({
    status_code: 500,
  });
  const controller = new AbortController();
  const aborted = processB.newLock('upload-4').lock(controller.signal, () => undefined);
  controller.abort();
  await expect(aborted).rejects.toMatchObject({ status_code: 400 });
  await holder.unlock();
});
