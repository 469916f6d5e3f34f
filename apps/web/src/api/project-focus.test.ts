import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { liveConnection } from '../session/live-events';
import { refetchProjectOnFocus } from './use-project';

/** Lets TanStack's fetches (started on focus, answered at once) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a project read again when the window gets the focus back', () => {
  afterEach(() => liveConnection.set(false));

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
