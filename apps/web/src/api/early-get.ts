/**
 * A GET the app starts before the code that asks for it has loaded (a reload of a project page reads
 * the project while the project screens' code is still on its way). The first apiRequest for the same
 * path with the same token takes the answer instead of asking again; an answer nobody took within
 * KEEP_MS is dropped, as it may be stale by then.
 */
const KEEP_MS = 30_000;

interface EarlyGet {
  token: string;
  response: Promise<Response>;
  startedAt: number;
}

const started = new Map<string, EarlyGet>();

/** Keeps a read begun early (client.ts startEarlyGet) for its taker. */
export function keepEarlyGet(path: string, token: string, response: Promise<Response>): void {
  response.catch(() => undefined); // a failed early read is asked again by its taker
  started.set(path, { token, response, startedAt: Date.now() });
}

/** The early answer for this path and token, once; null when there is none (or it is too old). */
export function takeEarlyGet(path: string, token: string | null): Promise<Response> | null {
  const early = started.get(path);
  if (!early) return null;
  started.delete(path);
  if (early.token !== token || Date.now() - early.startedAt > KEEP_MS) return null;
  return early.response;
}
