import type { TitleBlockReading } from '@plankurier/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { planSetApi } from '../../../api/plan-set-api';
import { readTitleBlockHere } from './read-title-block';

export type TitleBlockState =
  | { status: 'reading' }
  | { status: 'found'; reading: TitleBlockReading }
  | { status: 'nothing' }
  | { status: 'failed' };

/** The server reads title blocks up to this size (larger ones are left to the office). */
const TITLE_BLOCK_MAX_BYTES = 100 * 1024 * 1024;

/** A dropped PDF whose title block is wanted; `here`: read in the browser (its name was read), else by the server. */
export interface TitleBlockCandidate {
  key: string;
  file: File;
  here: boolean;
}

/**
 * Title blocks of the dropped PDFs, read one after the other in the order given. Where the name
 * said nothing, the server reads it and what is found is offered (only the office's click takes
 * it); where the name was read, the browser reads it and the set check compares the two.
 * `reading`: how many are still being read.
 */
export function useTitleBlocks(projectId: string, candidates: readonly TitleBlockCandidate[]) {
  const [states, setStates] = useState<ReadonlyMap<string, TitleBlockState>>(new Map());
  const started = useRef(new Set<string>());
  const queue = useRef<TitleBlockCandidate[]>([]);
  const busy = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const set = (key: string, state: TitleBlockState) =>
      alive.current && setStates((before) => new Map(before).set(key, state));
    const next = async () => {
      if (busy.current) return;
      const item = queue.current.shift();
      if (!item) return;
      busy.current = true;
      try {
        const reading = item.here
          ? await readTitleBlockHere(item.file)
          : await planSetApi.titleBlock(projectId, item.file);
        set(item.key, reading ? { status: 'found', reading } : { status: 'nothing' });
      } catch {
        set(item.key, { status: 'failed' });
      } finally {
        busy.current = false;
        if (alive.current) void next();
      }
    };
    for (const candidate of candidates) {
      if (started.current.has(candidate.key) || candidate.file.size > TITLE_BLOCK_MAX_BYTES) continue;
      started.current.add(candidate.key);
      queue.current.push(candidate);
      set(candidate.key, { status: 'reading' });
    }
    void next();
  }, [projectId, candidates]);

  const reading = useMemo(() => [...states.values()].filter((s) => s.status === 'reading').length, [states]);
  return { states, reading };
}
