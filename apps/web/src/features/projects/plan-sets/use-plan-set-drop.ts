import type { DocFolderDto } from '@plankurier/shared';
import { useSyncExternalStore } from 'react';
import { notifyInfo } from '../../../notifications/notify';
import { droppedFiles, type DroppedFile } from './plan-set-model';
import { planSetUploads } from './plan-set-uploads';

export interface OpenReview {
  projectId: string;
  folderId: string;
  dropped: DroppedFile[];
}

let openReview: OpenReview | null = null;
const listeners = new Set<() => void>();
let dropCounter = 0;

/**
 * The review waiting for the office, outside the plan list's state: opening it re-renders the
 * review alone, not the list behind it (whose tooltips would each measure the page again).
 */
export const reviewStore = {
  get: () => openReview,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: OpenReview | null) {
    openReview = next;
    listeners.forEach((l) => l());
  },
};

export const useOpenReview = () => useSyncExternalStore(reviewStore.subscribe, reviewStore.get);

/**
 * Files dropped on the plan list (or chosen with 'Planset hochladen'): files that a set on its way
 * is missing (after a reload) continue that set; the others open the review of a new set.
 */
export function usePlanSetDrop(projectId: string, folders: readonly DocFolderDto[], selectedFolderId: string | null) {
  const fallbackFolderId =
    selectedFolderId ?? folders.find((f) => f.category === 'plans')?._id ?? folders[0]?._id ?? null;
  const drop = (files: File[], folderId: string) => dropPlanSet(projectId, folderId, files);
  return { drop, fallbackFolderId };
}

/**
 * Files for a plan set into the folder: the ones a set on its way waits for continue it, the others
 * open the review (also from a version's drop zone that was given several files).
 */
export function dropPlanSet(projectId: string, folderId: string, files: File[]) {
  const rest = continueOpenSets(files);
  if (rest.length === 0) return;
  // Keys unique over the drops of this page: files of two drops never share one.
  reviewStore.set({ projectId, folderId, dropped: droppedFiles(rest, (dropCounter += 10_000)) });
}

/** Files a set is waiting for go to it; returns the ones no set waits for. */
function continueOpenSets(files: File[]): File[] {
  let rest = files;
  for (const entry of planSetUploads.getState()) {
    const waiting = entry.items.filter((i) => i.state === 'missing' || i.state === 'failed');
    const mine = rest.filter((f) => waiting.some((i) => i.filename === f.name && i.size === f.size));
    if (mine.length === 0) continue;
    const matched = planSetUploads.attach(entry.set._id, mine);
    notifyInfo('planSet.panel.matched', { count: matched });
    rest = rest.filter((f) => !mine.includes(f));
  }
  return rest;
}
