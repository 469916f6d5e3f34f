import { focusManager, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { liveConnection } from '../session/live-events';
import { refetchProjectOnFocus, refetchProjectOnReconnect } from './use-project';

/** Lets TanStack's fetches (started on focus, answered at once) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

type Rule = boolean | (() => boolean);

/** A project query watched as a screen would, with the rules given; counts its reads. */
async function watchedProject(rules: { refetchOnWindowFocus: Rule; refetchOnReconnect?: Rule }) {
  const client = new QueryClient();
  client.mount();
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['project', 'p1'],
    queryFn: () => ++reads,
    staleTime: 0,
    ...rules,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await settle();
  return {
    reads: () => reads,
    stop() {
      unsubscribe();
      client.unmount();
      client.clear();
    },
  };
}

describe('a project read again when the window gets the focus back', () => {
  afterEach(() => {
    liveConnection.reset();
    focusManager.setFocused(undefined);
  });

  it('is not read again while the live connection keeps it current, and read again without it', async () => {
    const project = await watchedProject({ refetchOnWindowFocus: refetchProjectOnFocus });
    expect(project.reads()).toBe(1);

    liveConnection.set(true);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(project.reads()).toBe(1);

    liveConnection.set(false);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(project.reads()).toBe(2);
    project.stop();
  });
});

describe('a project read again when the network is back', () => {
  afterEach(() => {
    liveConnection.reset();
    onlineManager.setOnline(true);
  });

  /** Counts the project's reads while the network goes away and comes back once. */
  async function readsAfterReconnect(before: () => void): Promise<number> {
    const project = await watchedProject({
      refetchOnWindowFocus: false,
      refetchOnReconnect: refetchProjectOnReconnect,
    });
    before();
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle();
    project.stop();
    return project.reads() - 1;
  }

  it('is not read again once the live socket was signed in on the page: it catches up by itself', async () => {
    expect(
      await readsAfterReconnect(() => {
        liveConnection.set(true);
        // The blip takes the socket down too; it signs in again later and reads what changed.
        liveConnection.set(false);
      }),
    ).toBe(0);
  });

  it('is read again where the live socket never got through', async () => {
    expect(await readsAfterReconnect(() => undefined)).toBe(1);
  });
});
