import { useEffect, useMemo, useState } from 'react';
import { sha256OfFile } from '../uploads/file-hash';
import type { DroppedFile } from './plan-set-model';

export interface ContentHashes {
  /** Hex SHA-256 by the dropped file's key, for the files that could be a stored one. */
  hashes: ReadonlyMap<string, string>;
  /** Still reading files. */
  hashing: boolean;
}

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * The SHA-256 of the dropped files that are as large as a file of a current or prepared version
 * (only those can be one): the review then says which are there already. Read slice by slice,
 * one file after the other; a file that cannot be read is simply judged by its name.
 */
export function useContentHashes(dropped: readonly DroppedFile[], storedSizes: ReadonlySet<number>): ContentHashes {
  const candidates = useMemo(() => dropped.filter((d) => storedSizes.has(d.file.size)), [dropped, storedSizes]);
  // The project's model changes with every live update: only other candidates start the work again.
  const candidateKeys = candidates.map((c) => c.key).join(',');
  const [state, setState] = useState<ContentHashes>({ hashes: NONE, hashing: candidates.length > 0 });

  useEffect(() => {
    if (candidates.length === 0) {
      setState({ hashes: NONE, hashing: false });
      return;
    }
    let stopped = false;
    setState((before) => ({ ...before, hashing: true }));
    void (async () => {
      const hashes = new Map<string, string>();
      for (const { key, file } of candidates) {
        const hex = await sha256OfFile(
          file,
          () => undefined,
          () => stopped,
        ).catch(() => null);
        if (stopped) return;
        if (hex) hashes.set(key, hex);
      }
      setState({ hashes, hashing: false });
    })();
    return () => {
      stopped = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the candidates by their keys
  }, [candidateKeys]);

  return state;
}
