import type { BundleSlice, ProjectChangeEvent, ProjectChangesResponse } from '@plankurier/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { bundle, doc } from '../features/projects/model/fixtures';
import { isProjectChangeEvent, projectLiveSync } from './project-live-sync';

const settle = () => new Promise((done) => setTimeout(done, 0));

/** A shown project whose loads answer a bundle at change number `seq`; the sync's catch-up reads are recorded. */
function shownProject(changes: (since: number) => ProjectChangesResponse = (since) => ({ seq: since, slice: null })) {
  const client = new QueryClient();
  const queryKey = ['project', 'p1'];
  let loads = 0;
  let seq = 3;
  const asked: number[] = [];
  const sync = projectLiveSync(client, (_projectId, since) => {
    asked.push(since);
    return Promise.resolve(changes(since));
  });
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      loads += 1;
      return sync.settle(bundle({ docs: [doc('d1', 'f1', 0, { name: 'Grundriss' })], changeSeq: seq }));
    },
  });
  const stop = observer.subscribe(() => undefined);
  return {
    sync,
    asked,
    stop,
    /** The server's number moves on (a load read now holds the change). */
    changed: () => (seq += 1),
    get loads() {
      return loads;
    },
    get cached() {
      return client.getQueryData<ReturnType<typeof bundle>>(queryKey)!;
    },
  };
}

const renamed = (name: string): BundleSlice => ({
  scope: { docs: ['d1'] },
  rows: { docs: [doc('d1', 'f1', 0, { name })], versions: [], files: [], subs: [], docfolders: [] },
});
const event = (seq: number, slice: BundleSlice | null): ProjectChangeEvent => ({
  projectId: 'p1',
  entity: 'doc',
  id: 'd1',
  seq,
  slice,
});

describe('projectLiveSync', () => {
  test('changes in number order apply their rows to the cached bundle: no read of the project, none of changes', async () => {
    const page = shownProject();
    await settle();
    page.sync.receive(event(4, renamed('Grundriss EG')));
    page.sync.receive(event(5, renamed('Grundriss EG, Stand B')));
    page.sync.receive(event(5, renamed('Grundriss EG, Stand B'))); // arrived twice: once is enough
    expect(page.cached.docs[0]!.name).toBe('Grundriss EG, Stand B');
    expect(page.cached.changeSeq).toBe(5);
    expect(page.loads).toBe(1);
    expect(page.asked).toEqual([]);
    page.stop();
  });

  test('a gap in the numbers reads what changed since the cached number, once, and applies later events after it', async () => {
    const page = shownProject((since) => ({ seq: 6, slice: since === 3 ? renamed('Schnitt A-A') : null }));
    await settle();
    page.sync.receive(event(6, renamed('Schnitt A-A'))); // 4 and 5 were lost
    page.sync.receive(event(7, renamed('Schnitt B-B')));
    await settle();
    await settle();
    expect(page.asked).toEqual([3]);
    expect(page.cached.changeSeq).toBe(7);
    expect(page.cached.docs[0]!.name).toBe('Schnitt B-B');
    expect(page.loads).toBe(1);
    page.stop();
  });

  test('a change too wide for rows reads the project again', async () => {
    const page = shownProject();
    await settle();
    page.changed();
    page.sync.receive(event(4, null));
    await settle();
    await settle();
    expect(page.loads).toBe(2);
    page.stop();
  });

  test('a read for a change too wide for rows that an own change cancelled is asked again with the next event', async () => {
    const client = new QueryClient();
    let seq = 3;
    let loads = 0;
    const sync = projectLiveSync(client, () => Promise.reject(new Error('not asked')));
    const observer = new QueryObserver(client, {
      queryKey: ['project', 'p1'],
      queryFn: () => {
        loads += 1;
        const read = bundle({ docs: [doc('d1', 'f1', 0, { name: 'Grundriss' })], changeSeq: seq });
        return new Promise<ReturnType<typeof bundle>>((resolve) => setTimeout(() => resolve(sync.settle(read)), 5));
      },
    });
    const stop = observer.subscribe(() => undefined);
    await new Promise((done) => setTimeout(done, 20));
    seq = 4;
    sync.receive(event(4, null));
    await settle();
    await client.cancelQueries({ queryKey: ['project', 'p1'] }); // an own change's optimistic patch
    await new Promise((done) => setTimeout(done, 20));
    expect(client.getQueryData<ReturnType<typeof bundle>>(['project', 'p1'])!.changeSeq).toBe(3);
    seq = 5;
    sync.receive(event(5, renamed('Ansicht Süd')));
    await new Promise((done) => setTimeout(done, 30));
    expect(client.getQueryData<ReturnType<typeof bundle>>(['project', 'p1'])!.changeSeq).toBe(5);
    expect(loads).toBe(3);
    stop();
  });

  test('events that arrive while changes are read apply once the read is through, also when it found nothing new', async () => {
    let answer: (response: ProjectChangesResponse) => void = () => undefined;
    const client = new QueryClient();
    const sync = projectLiveSync(client, () => new Promise<ProjectChangesResponse>((resolve) => (answer = resolve)));
    client.setQueryData(['project', 'p1'], bundle({ docs: [doc('d1', 'f1', 0, { name: 'Grundriss' })], changeSeq: 3 }));
    const reading = sync.catchUp('p1');
    sync.receive(event(4, renamed('Ansicht West')));
    answer({ seq: 3, slice: { scope: {}, rows: {} } });
    await reading;
    expect(client.getQueryData<ReturnType<typeof bundle>>(['project', 'p1'])!.changeSeq).toBe(4);
  });

  test('catching up before the project is loaded blocks nothing: later events apply', async () => {
    const client = new QueryClient();
    const sync = projectLiveSync(client, () => Promise.reject(new Error('not asked')));
    await sync.catchUp('p1'); // a reconnect while the first load is on its way
    client.setQueryData(['project', 'p1'], bundle({ docs: [doc('d1', 'f1', 0, { name: 'Grundriss' })], changeSeq: 3 }));
    sync.receive(event(4, renamed('Ansicht Ost')));
    expect(client.getQueryData<ReturnType<typeof bundle>>(['project', 'p1'])!.docs[0]!.name).toBe('Ansicht Ost');
  });

  test('a load applies the changes that arrived while it was read, after its own number', async () => {
    const client = new QueryClient();
    const sync = projectLiveSync(client, () => Promise.reject(new Error('not asked')));
    sync.receive(event(3, renamed('too old: in the load already')));
    sync.receive(event(4, renamed('Ansicht Nord')));
    const loaded = sync.settle(bundle({ docs: [doc('d1', 'f1', 0, { name: 'Grundriss' })], changeSeq: 3 }));
    expect(loaded.changeSeq).toBe(4);
    expect(loaded.docs[0]!.name).toBe('Ansicht Nord');
  });

  test('only numbered changes with rows (or null) are taken as such', () => {
    expect(isProjectChangeEvent(event(1, null))).toBe(true);
    expect(isProjectChangeEvent({ projectId: 'p1', entity: 'doc', id: 'd1' })).toBe(false);
    expect(isProjectChangeEvent({ projects: true })).toBe(false);
  });
});
