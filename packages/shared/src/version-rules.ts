import type { FileKind, VersionStatus } from './projects.ts';
import type { MsgCode } from './msg-codes.ts';
import type { Doctype } from './projects.ts';

/** 'please enter index' when the index is empty. */
export const versionIndexProblem = (index: string): MsgCode | null => (index.trim() ? null : 'version.index_required');

/** A version may be released from preparation once its needed files are there: a plan needs its PDF, a data doc any file. */
export function releaseProblem(status: VersionStatus, doctype: Doctype, present: readonly FileKind[]): MsgCode | null {
  // Released already (by a colleague a moment ago, or a second click): nothing happens twice.
  if (status !== 'preparation') return 'version.already_released';
  if (doctype === 'plan' ? !present.includes('pdf') : present.length === 0) return 'version.files_missing';
  return null;
}

/** Index and number are locked once any file of the version was sent. */
export const isVersionLocked = (deliveredFileCount: number) => deliveredFileCount > 0;

/**
 * Statuses after releasing a new version: the released one becomes current, the previous current
 * one outdated, and older outdated ones archived.
 */
export function statusAfterRelease(status: VersionStatus): VersionStatus {
  if (status === 'preparation') return 'current';
  if (status === 'current') return 'outdated';
  return 'archived';
}

/** 'Has content': upload mode with any file. */
export const hasContent = (present: readonly FileKind[]) => present.length > 0;

/** Releasing many at once is offered when more than one doc of a folder has a prepared version. */
export const offersReleaseMany = (preparedInFolder: number) => preparedInFolder > 1;
