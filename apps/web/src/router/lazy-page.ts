import { CHUNK_LOAD_TIMEOUT_MS } from '@plankurier/shared';
import { lazy, type ComponentType } from 'react';
import { withTimeout } from './with-timeout';

type PageModule = { default: ComponentType };

/** A page loaded on demand, with `preload` to start fetching it before it renders. */
export type LazyPage = ReturnType<typeof lazy<ComponentType>> & { preload: () => Promise<PageModule> };

/**
 * A page loaded on demand; a chunk that does not arrive within the spec's timeout fails. `preload`
 * starts the same load early (a signed-in start fetches the page beside the frame, not after it);
 * a load that failed is tried afresh the next time.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return Object.assign(
    lazy(() => (loaded ? (settled(loaded) as Promise<PageModule>) : withTimeout(preload(), CHUNK_LOAD_TIMEOUT_MS))),
    { preload },
  );
}

/**
 * A page preloaded before it first renders, handed to React.lazy as settled at once: a promise,
 * even a resolved one, suspends the first render, and React then holds the page back until 300 ms
 * after the loader it showed meanwhile (its throttle of fallbacks), which cost a project's first rows
 * about a tenth of a second. React.lazy only calls `then` (typed as a Promise, it takes a thenable).
 */
const settled = (module: PageModule): PromiseLike<PageModule> => ({
  then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(module) : module) as never,
});
