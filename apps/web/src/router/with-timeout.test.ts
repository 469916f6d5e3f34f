import { afterEach, describe, expect, test, vi } from 'vitest';
import { withTimeout } from './with-timeout';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  test('passes a value that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('page'), 1000)).resolves.toBe('page');
  });

  test('rejects when nothing arrives in time', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise<never>(() => undefined), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toThrow('Timed out after 120000 ms');
  });
});
