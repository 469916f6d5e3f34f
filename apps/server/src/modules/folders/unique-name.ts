import { errors } from '@plankurier/shared';
import { isUniqueViolation } from '../users/queries.ts';
import { folderNameInUse } from './queries.ts';

/** Refuses a name another folder of the phase (doc folders) or project (participant folders) has, ignoring case. */
export async function checkFolderNameFree(...args: Parameters<typeof folderNameInUse>): Promise<void> {
  if (await folderNameInUse(...args)) throw errors.folderNameTaken();
}

/**
 * Two requests may both pass the name check; the unique index on lower(name) decides, and the
 * loser gets the same answer as if the check had caught it.
 */
export async function withUniqueFolderName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.folderNameTaken();
    throw err;
  }
}
