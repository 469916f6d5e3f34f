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
  const preload = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return Object.assign(
    lazy(() => withTimeout(preload(), CHUNK_LOAD_TIMEOUT_MS)),
    { preload },
  );
}
