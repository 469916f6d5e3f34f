import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { refreshInTurn } from './refresh-in-turn';

/** A project query shown on a page (an observer keeps it active), whose reads are answered by hand. */
function shownProject() {
  const client = new QueryClient();
  const reads: Array<{ version: number; answer: () => void }> = [];
  let version = 0;
  const queryKey = ['project', 'p1'];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: ({ signal }) =>
      new Promise<number>((resolve, reject) => {
        const seen = version;
        signal.addEventListener('abort', () => reject(new Error('cancelled')));
        reads.push({ version: seen, answer: () => resolve(seen) });
      }),
  });
  const stop = observer.subscribe(() => undefined);
  const answerAll = async () => {
    for (const read of reads.splice(0)) read.answer();
    await new Promise((done) => setTimeout(done, 0));
  };
  return { client, queryKey, reads, answerAll, change: () => (version += 1), stop };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('refreshInTurn', () => {
  test('a burst of changes during a read asks for one more read, not one per change, and none is cancelled', async () => {
    const page = shownProject();
    await page.answerAll(); // the first load
    const refresh = refreshInTurn(page.client);
    page.change();
    const first = refresh(page.queryKey);
    await settle();
    expect(page.reads).toHaveLength(1);
    for (let i = 0; i < 40; i += 1) {
      page.change();
      void refresh(page.queryKey);
    }
    await settle();
    expect(page.reads).toHaveLength(1); // the read in flight goes on
    await page.answerAll();
    expect(page.reads).toHaveLength(1); // one more, for the 40 changes
    await page.answerAll();
    await first;
    expect(page.reads).toHaveLength(0);
    expect(page.client.getQueryData(page.queryKey)).toBe(41);
    page.stop();
  });

  test('a change while the first load is still on its way is read after it', async () => {
    const page = shownProject();
    await settle();
    expect(page.reads).toHaveLength(1); // the first load, begun before the change
    page.change();
    const done = refreshInTurn(page.client)(page.queryKey);
    await page.answerAll();
    expect(page.client.getQueryData(page.queryKey)).toBe(0);
    expect(page.reads).toHaveLength(1);
    await page.answerAll();
    await done;
    expect(page.client.getQueryData(page.queryKey)).toBe(1);
    page.stop();
  });

  test('a change with no read in flight reads once', async () => {
    const page = shownProject();
    await page.answerAll();
    page.change();
    const done = refreshInTurn(page.client)(page.queryKey);
    await settle();
    expect(page.reads).toHaveLength(1);
    await page.answerAll();
    await done;
    expect(page.reads).toHaveLength(0);
    expect(page.client.getQueryData(page.queryKey)).toBe(1);
    page.stop();
  });

  test('a query no page shows is only marked stale', async () => {
    const client = new QueryClient();
    client.setQueryData(['project', 'p2'], 7);
    await refreshInTurn(client)(['project', 'p2']);
    expect(client.getQueryState(['project', 'p2'])?.isInvalidated).toBe(true);
  });
});
