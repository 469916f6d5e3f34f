/**
 * Socket events that a feature handles itself (e.g. 'contactImportInfo'): the live-update
 * connection forwards them here, the feature subscribes while it is shown. 'authenticated' comes
 * on every (re)connection: events sent while the socket was away are lost, so a feature that
 * follows running work reads its state again then.
 */
export type LiveEventName = 'authenticated' | 'contactImportInfo' | 'deliveryProgress' | 'updateData';

type Listener = (payload: unknown) => void;

const listeners = new Map<LiveEventName, Set<Listener>>();

export const liveEvents = {
  on(name: LiveEventName, listener: Listener): () => void {
    const set = listeners.get(name) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(name, set);
    return () => {
      set.delete(listener);
    };
  },

  emit(name: LiveEventName, payload: unknown): void {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  },
};

/**
 * Whether the live-update socket is signed in right now: while it is, numbered changes keep cached
 * projects current (and a reconnection reads what changed since), so nothing needs reading again
 * because the window got the focus back.
 */
let connected = false;
/** Whether it was signed in at some time on this page: then it signs in again after a loss, and catches up. */
let everConnected = false;
export const liveConnection = {
  isConnected: () => connected,
  hasBeenConnected: () => everConnected,
  set(value: boolean) {
    connected = value;
    if (value) everConnected = true;
  },
  /** Tests: a page that never had a live connection. */
  reset() {
    connected = false;
    everConnected = false;
  },
};
