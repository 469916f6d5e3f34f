import { useSyncExternalStore } from 'react';
import type { UploadItem } from '../model/upload-state';

type Listener = () => void;

let items: readonly UploadItem[] = [];
const listeners = new Set<Listener>();
const aborts = new Map<string, () => void>();
/** Uploads stopped by a resumable failure (a full disk): how each continues where it stopped. */
const resumes = new Map<string, () => void>();

/**
 * Uploads in flight, outside React so that they keep running (and keep their rows) while the user
 * selects another plan or switches tabs.
 */
export const uploadStore = {
  getState: () => items,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(item: UploadItem, abort: () => void) {
    items = [...items, item];
    aborts.set(item.id, abort);
    listeners.forEach((l) => l());
  },
  update(id: string, change: (item: UploadItem) => UploadItem) {
    items = items.map((item) => (item.id === id ? change(item) : item));
    listeners.forEach((l) => l());
  },
  remove(id: string) {
    items = items.filter((item) => item.id !== id);
    aborts.delete(id);
    resumes.delete(id);
    listeners.forEach((l) => l());
  },
  cancel(id: string) {
    aborts.get(id)?.();
  },
  /** The upload stopped but can continue: `resume` takes it up where the server has it. */
  offerResume(id: string, resume: () => void) {
    resumes.set(id, resume);
  },
  resume(id: string) {
    const resume = resumes.get(id);
    resumes.delete(id);
    resume?.();
  },
  /** Gives up an upload that could still resume: the server drops what it kept, and the row goes. */
  discard(id: string) {
    aborts.get(id)?.();
    uploadStore.remove(id);
  },
  /** Sign-out: every upload of the session stops and its row goes. */
  cancelAll() {
    for (const abort of aborts.values()) abort();
    items = [];
    aborts.clear();
    resumes.clear();
    listeners.forEach((l) => l());
  },
};

export const useUploads = () => useSyncExternalStore(uploadStore.subscribe, uploadStore.getState);
