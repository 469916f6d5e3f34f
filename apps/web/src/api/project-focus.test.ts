import { focusManager, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { liveConnection } from '../session/live-events';
import { refetchProjectOnFocus, refetchProjectOnReconnect } from './use-project';

/** Lets TanStack's fetches (started on focus, answered at once) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a project read again when the window gets the focus back', () => {
  afterEach(() => liveConnection.reset());

  it('is not read again while the live connection keeps it current, and read again without it', async () => {
    const client = new QueryClient();
    client.mount();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['project', 'p1'],
      queryFn: () => ++reads,
      staleTime: 0,
      refetchOnWindowFocus: refetchProjectOnFocus,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    expect(reads).toBe(1);

    liveConnection.set(true);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(reads).toBe(1);

    liveConnection.set(false);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await settle();
    expect(reads).toBe(2);

    unsubscribe();
    focusManager.setFocused(undefined);
    client.unmount();
    client.clear();
  });
});

describe('a project read again when the network is back', () => {
  afterEach(() => {
    liveConnection.reset();
    onlineManager.setOnline(true);
  });

  /** Counts the project's reads while the network goes away and comes back once. */
  async function readsAfterReconnect(before: () => void): Promise<number> {
    const client = new QueryClient();
    client.mount();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['project', 'p1'],
      queryFn: () => ++reads,
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: refetchProjectOnReconnect,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    before();
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle();
    unsubscribe();
    client.unmount();
    client.clear();
    return reads - 1;
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
