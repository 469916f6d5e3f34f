import type { DocFolderDto } from '@plankurier/shared';
import { useState } from 'react';
import { notifyInfo } from '../../../notifications/notify';
import { droppedFiles, type DroppedFile } from './plan-set-model';
import { planSetUploads } from './plan-set-uploads';

let dropCounter = 0;

/**
 * Files dropped on the plan list (or chosen with 'Planset hochladen'): files that a set on its way
 * is missing (after a reload) continue that set; the others open the review of a new set.
 */
export function usePlanSetDrop(folders: readonly DocFolderDto[], selectedFolderId: string | null) {
  const [review, setReview] = useState<{ folderId: string; dropped: DroppedFile[] } | null>(null);
  const fallbackFolderId =
    selectedFolderId ?? folders.find((f) => f.category === 'plans')?._id ?? folders[0]?._id ?? null;

  const drop = (files: File[], folderId: string) => {
    const rest = continueOpenSets(files);
    if (rest.length === 0) return;
    // Keys unique over the drops of this page: files of two drops never share one.
    const dropped = droppedFiles(rest, (dropCounter += 10_000));
    setReview({ folderId, dropped });
  };
  return { review, drop, closeReview: () => setReview(null), fallbackFolderId };
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
