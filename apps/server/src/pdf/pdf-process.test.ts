import { afterAll, describe, expect, test } from 'vitest';
import { isAppError } from '@plankurier/shared';
import { createModuleProcess, ModuleProcessEnded, onceMoreAfterCrash } from './pdf-process.ts';

const calls = new URL('../../test/process-calls.ts', import.meta.url);
const modules = createModuleProcess('Test');
afterAll(() => modules.close());

describe('a module process runs calls apart from the server', () => {
  test('in a process of its own, reused from call to call', async () => {
    const first = await modules.call<{ pid: number; doubled: number }>(calls, 'whoRuns', 21);
    const second = await modules.call<{ pid: number; doubled: number }>(calls, 'whoRuns', 1);
    expect(first.doubled).toBe(42);
    expect(first.pid).not.toBe(process.pid);
    expect(second.pid).toBe(first.pid);
  });

  test('an application error keeps its msgCode and status', async () => {
    const refused = await modules.call(calls, 'refuse').catch((err: unknown) => err);
    expect(isAppError(refused) && { msgCode: refused.msgCode, status: refused.status }).toEqual({
      msgCode: 'upload.pdf_damaged',
      status: 422,
    });
  });

  test('a native crash fails the calls it had, never the server; the next call starts a new process', async () => {
    const before = await modules.call<{ pid: number }>(calls, 'whoRuns', 1);
    const waiting = modules.call(calls, 'whoRuns', 2);
    const crashed = await modules.call(calls, 'fault').catch((err: unknown) => err);
    expect(crashed).toBeInstanceOf(ModuleProcessEnded);
    expect((crashed as Error).message).toContain('SIGSEGV');
    // The call queued before the fault was answered; the process then ended.
    await expect(waiting).resolves.toMatchObject({ doubled: 4 });
    const after = await modules.call<{ pid: number; doubled: number }>(calls, 'whoRuns', 5);
    expect(after.doubled).toBe(10);
    expect(after.pid).not.toBe(before.pid);
  });

  test('a missing function is an error of the call, not of the process', async () => {
    await expect(modules.call(calls, 'noSuchFunction')).rejects.toThrow(/has no function noSuchFunction/);
    await expect(modules.call(calls, 'whoRuns', 3)).resolves.toMatchObject({ doubled: 6 });
  });
});

describe('a call whose process ended under it', () => {
  test('runs once more in a fresh process: a crash caused by another call costs it nothing', async () => {
    let runs = 0;
    const answer = await onceMoreAfterCrash(async () => {
      runs += 1;
      if (runs === 1) return modules.call(calls, 'fault');
      return modules.call<{ doubled: number }>(calls, 'whoRuns', 4);
    });
    expect({ runs, answer }).toEqual({ runs: 2, answer: expect.objectContaining({ doubled: 8 }) });
  });

  test('ending it twice marks the call as the cause: null, and the process after it works', async () => {
    let runs = 0;
    const answer = await onceMoreAfterCrash(async () => {
      runs += 1;
      return modules.call(calls, 'fault');
    });
    expect({ runs, answer }).toEqual({ runs: 2, answer: null });
    await expect(modules.call(calls, 'whoRuns', 1)).resolves.toMatchObject({ doubled: 2 });
  });

  test('other errors are not retried', async () => {
    let runs = 0;
    const refused = onceMoreAfterCrash(async () => {
      runs += 1;
      return modules.call(calls, 'refuse');
    });
    await expect(refused).rejects.toMatchObject({ msgCode: 'upload.pdf_damaged' });
    expect(runs).toBe(1);
  });
});

test('a stop fails its running calls with an error that is no sign of the file', async () => {
  const stopped = createModuleProcess('Stopped');
  await stopped.call(calls, 'whoRuns', 1);
  const cut = stopped.call(calls, 'hang').catch((err: unknown) => err);
  await stopped.close();
  const err = await cut;
  expect(err).toBeInstanceOf(Error);
  expect(err).not.toBeInstanceOf(ModuleProcessEnded);
});
