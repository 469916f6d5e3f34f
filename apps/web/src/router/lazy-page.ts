import { CHUNK_LOAD_TIMEOUT_MS } from '@plankurier/shared';
import { lazy, type ComponentType } from 'react';
import { withTimeout } from './with-timeout';

/** A page loaded on demand; a chunk that does not arrive within the spec's timeout fails. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS));
