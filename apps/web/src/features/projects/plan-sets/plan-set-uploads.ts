import { PLAN_SET_PARALLEL_UPLOADS, type MsgCode, type PlanSetDto } from '@plankurier/shared';
import { useSyncExternalStore } from 'react';
import { startUpload } from '../uploads/start-upload';
import { sessionStore } from '../../../session/session-store';
import { uploadStore } from '../uploads/upload-store';

/** Where one file of a set stands. 'missing': known to the set, but this page has no file for it (after a reload). */
export type SetFileState = 'missing' | 'waiting' | 'uploading' | 'done' | 'failed';

export interface SetUploadItem {
  key: string;
  filename: string;
  size: number;
  versionId: string;
  state: SetFileState;
  /** The upload of the shared upload store while it runs (its bytes and its row in the versions panel). */
  uploadId: string | null;
  error: MsgCode | null;
}

export interface SetUploads {
  set: PlanSetDto;
  projectId: string;
  items: SetUploadItem[];
}

type Listener = () => void;
let sets: readonly SetUploads[] = [];
const filesByKey = new Map<string, File>();
const listeners = new Set<Listener>();
const fileId = (setId: string, key: string) => `${setId}:${key}`;

function publish(next: readonly SetUploads[]) {
  sets = next;
  listeners.forEach((l) => l());
}

function updateItem(setId: string, key: string, change: Partial<SetUploadItem>) {
  publish(
    sets.map((s) =>
      s.set._id === setId ? { ...s, items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) } : s,
    ),
  );
}

const running = () => sets.reduce((n, s) => n + s.items.filter((i) => i.state === 'uploading').length, 0);

/** Starts waiting files while fewer than PLAN_SET_PARALLEL_UPLOADS run; each file uploads alone (parallelUploads 1). */
function pump() {
  for (const entry of sets) {
    for (const item of entry.items) {
      if (running() >= PLAN_SET_PARALLEL_UPLOADS) return;
      if (item.state !== 'waiting') continue;
      const file = filesByKey.get(fileId(entry.set._id, item.key));
      if (!file) {
        updateItem(entry.set._id, item.key, { state: 'missing' });
        continue;
      }
      const setId = entry.set._id;
      updateItem(setId, item.key, { state: 'uploading', error: null });
      const uploadId = startUpload({
        file,
        projectId: entry.projectId,
        versionId: item.versionId,
        kind: 'main',
        onFinished: () => {
          filesByKey.delete(fileId(setId, item.key));
          updateItem(setId, item.key, { state: 'done' });
          pump();
        },
        onFailed: (code) => {
          updateItem(setId, item.key, { state: 'failed', error: code });
          pump();
        },
      });
      updateItem(setId, item.key, { uploadId });
    }
  }
}

/**
 * The uploads of plan sets, outside React like the upload store: they go on while the office works
 * elsewhere in the project. What the server already holds counts as done; a file this page no
 * longer has (a reload) waits for the office to drop it again.
 */
export const planSetUploads = {
  getState: () => sets,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A set from the server (just made, or still open after a reload), with the files this page has for it. */
  track(projectId: string, set: PlanSetDto, files: ReadonlyMap<string, File> = new Map()) {
    for (const [key, file] of files) filesByKey.set(fileId(set._id, key), file);
    const known = sets.find((s) => s.set._id === set._id);
    const items = set.files.map((f): SetUploadItem => {
      const before = known?.items.find((i) => i.key === f.key);
      if (f.uploaded)
        return {
          key: f.key,
          filename: f.filename,
          size: f.size,
          versionId: f.version,
          state: 'done',
          uploadId: before?.uploadId ?? null,
          error: null,
        };
      if (before && before.state !== 'missing') return before;
      const hasFile = filesByKey.has(fileId(set._id, f.key));
      return {
        key: f.key,
        filename: f.filename,
        size: f.size,
        versionId: f.version,
        state: hasFile ? 'waiting' : 'missing',
        uploadId: null,
        error: null,
      };
    });
    publish(
      known
        ? sets.map((s) => (s.set._id === set._id ? { projectId, set, items } : s))
        : [...sets, { projectId, set, items }],
    );
    pump();
  },
  /** Files dropped again after a reload: each missing file of the set is matched by name and size. */
  attach(setId: string, files: readonly File[]): number {
    const entry = sets.find((s) => s.set._id === setId);
    if (!entry) return 0;
    let matched = 0;
    for (const item of entry.items.filter((i) => i.state === 'missing' || i.state === 'failed')) {
      const file = files.find((f) => f.name === item.filename && f.size === item.size);
      if (!file) continue;
      filesByKey.set(fileId(setId, item.key), file);
      updateItem(setId, item.key, { state: 'waiting', error: null });
      matched++;
    }
    pump();
    return matched;
  },
  /** Tries the failed files of a set again. */
  retry(setId: string) {
    const entry = sets.find((s) => s.set._id === setId);
    for (const item of entry?.items ?? [])
      if (item.state === 'failed')
        updateItem(setId, item.key, {
          state: filesByKey.has(fileId(setId, item.key)) ? 'waiting' : 'missing',
          error: null,
        });
    pump();
  },
  /** The set is finished (or given up): its rows go. */
  forget(setId: string) {
    const entry = sets.find((s) => s.set._id === setId);
    for (const item of entry?.items ?? []) {
      filesByKey.delete(fileId(setId, item.key));
      if (item.uploadId && item.state !== 'uploading') uploadStore.remove(item.uploadId);
    }
    publish(sets.filter((s) => s.set._id !== setId));
  },
  /** Sign-out: the uploads themselves stop with the upload store. */
  clear() {
    filesByKey.clear();
    publish([]);
  },
};

// An ended session or a move into another office leaves no set of the old one on screen (as
// clear-on-sign-out.ts does for the rest; this module loads with the project screens only).
sessionStore.onSignOut(() => planSetUploads.clear());
sessionStore.onOfficeChange(() => planSetUploads.clear());

export const useSetUploads = () => useSyncExternalStore(planSetUploads.subscribe, planSetUploads.getState);

/** Bytes of a set: done files whole, running ones as far as they got. */
export function setProgress(entry: SetUploads, sentOf: (uploadId: string) => number) {
  let total = 0;
  let sent = 0;
  for (const item of entry.items) {
    total += item.size;
    if (item.state === 'done') sent += item.size;
    else if (item.state === 'uploading' && item.uploadId) sent += Math.min(item.size, sentOf(item.uploadId));
  }
  const count = (state: SetFileState) => entry.items.filter((i) => i.state === state).length;
  return {
    total,
    sent,
    percent: total > 0 ? Math.floor((sent / total) * 100) : 100,
    done: count('done'),
    failed: count('failed'),
    missing: count('missing'),
    active: count('uploading') + count('waiting'),
    files: entry.items.length,
  };
}
