import type { Deps } from '../../deps.ts';

export type ChangedEntity =
  | 'project'
  | 'phase'
  | 'folder'
  | 'doc'
  | 'version'
  | 'participant'
  | 'participantfolder'
  | 'subscription'
  | 'role'
  | 'delivery'
  | 'file'
  | 'download'
  | 'receipt';

export interface Change {
  projectId: string;
  entity: ChangedEntity;
  id: string;
  /** Set when the project list itself changed (create, delete, rename). */
  projects?: true;
}

/** Tells the open sessions that may see the project what changed; call only after the transaction committed. */
export function announceChange(
  { realtime }: Pick<Deps, 'realtime'>,
  { officeId }: { officeId: string },
  change: Change,
): void {
  realtime.toProject(officeId, change.projectId, 'updateData', change);
}

/** Removes stored file contents after their rows are gone; a missing object is no failure. */
export async function removeStoredFiles(
  { storage, log }: Pick<Deps, 'storage' | 'log'>,
  storageKeys: readonly string[],
): Promise<void> {
  for (const key of storageKeys) {
    try {
      await storage.remove(key);
    } catch (err) {
      log.warn({ err: (err as Error).message, key }, 'stored file could not be removed');
    }
  }
}
