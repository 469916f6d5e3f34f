import { afterAll, describe, expect, test } from 'vitest';
import { isAppError } from '@plankurier/shared';
import { until } from '../../test/until.ts';
import { createModuleProcess, ModuleProcessEnded, ModuleProcessOverLimit, onceMoreAfterCrash } from './pdf-process.ts';
import { createModuleProcessPool } from './process-pool.ts';

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
    expect({ runs, answer }).toEqual({ runs: 2, answer: { done: expect.objectContaining({ doubled: 8 }) } });
  });

  test('ending it twice marks the call as the cause: crashed, and the process after it works', async () => {
    let runs = 0;
    const answer = await onceMoreAfterCrash(async () => {
      runs += 1;
      return modules.call(calls, 'fault');
    });
    expect({ runs, answer }).toEqual({ runs: 2, answer: { failed: 'crashed' } });
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

describe('a call past its limits is killed with its process, and is not run again', () => {
  const bounded = createModuleProcess('Bounded', () => ({ timeLimitMs: 1500, memoryMb: 256 }));
  afterAll(() => bounded.close());

  test('past the wall-clock limit: killed, too complex; the next call gets a fresh process', async () => {
    const before = await bounded.call<{ pid: number }>(calls, 'whoRuns', 1);
    let runs = 0;
    const outcome = await onceMoreAfterCrash(async () => {
      runs += 1;
      return bounded.call(calls, 'spin');
    });
    expect({ runs, outcome }).toEqual({ runs: 1, outcome: { failed: 'too_complex' } });
    const after = await bounded.call<{ pid: number; doubled: number }>(calls, 'whoRuns', 2);
    expect(after.doubled).toBe(4);
    expect(after.pid).not.toBe(before.pid);
  });

  test('past the memory cap outside the V8 heap (resident memory): killed as over its memory', async () => {
    const err = await bounded.call(calls, 'hoard').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModuleProcessOverLimit);
    expect((err as ModuleProcessOverLimit).limit).toBe('memory');
    await expect(bounded.call(calls, 'whoRuns', 3)).resolves.toMatchObject({ doubled: 6 });
  });

  test('taking V8 heap: over its memory too (resident memory or V8’s heap limit, whichever first), not a crash to retry', async () => {
    const heapOnly = createModuleProcess('Heap', () => ({ timeLimitMs: 20_000, memoryMb: 160 }));
    try {
      // Warm first: loading tsx must not count against the cap's test.
      await heapOnly.call(calls, 'whoRuns', 1);
      const err = await heapOnly.call(calls, 'hoardHeap').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModuleProcessOverLimit);
      expect((err as ModuleProcessOverLimit).limit).toBe('memory');
    } finally {
      await heapOnly.close();
    }
  });

  test('calls wait their turn by lane: a second office is not queued behind the first one’s many calls', async () => {
    const order: string[] = [];
    const note = (label: string) => (value: unknown) => {
      order.push(label);
      return value;
    };
    const calls1 = [1, 2, 3].map((n) => bounded.callIn('office-a', calls, 'whoRuns', n).then(note(`a${n}`)));
    const callB = bounded.callIn('office-b', calls, 'whoRuns', 9).then(note('b9'));
    await Promise.all([...calls1, callB]);
    expect(order).toEqual(['a1', 'b9', 'a2', 'a3']);
  });

  test('the process after a kill starts at once and loads the modules used before, ahead of the next call', async () => {
    await bounded.call(calls, 'loadedAt');
    await expect(bounded.call(calls, 'spin')).rejects.toBeInstanceOf(ModuleProcessOverLimit);
    await until(async () => bounded.isWarm());
    const askedAt = Date.now();
    const after = await bounded.call<{ pid: number; loadedAt: number }>(calls, 'loadedAt');
    expect(after.loadedAt).toBeLessThan(askedAt);
  });
});

describe('a pool of module processes', () => {
  test('gives a call to a process that has its modules loaded before one that would start cold', async () => {
    const pool = createModuleProcessPool([createModuleProcess('Pool 1'), createModuleProcess('Pool 2')]);
    try {
      const first = await pool.callIn<{ pid: number }>('office-a', calls, 'whoRuns', 1);
      const second = await pool.callIn<{ pid: number }>('office-b', calls, 'whoRuns', 2);
      expect(second.pid).toBe(first.pid);
    } finally {
      await pool.close();
    }
  });
});
