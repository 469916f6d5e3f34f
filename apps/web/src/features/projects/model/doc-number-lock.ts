import { isVersionLocked, type VersionDto } from '@plankurier/shared';

/**
 * A doc's number is locked once a file of any of its versions was sent (spec §4/§5): recipients
 * know the plan by that number. The server refuses the change with 'version.locked' as well.
 */
export const isDocNumberLocked = (versions: readonly Pick<VersionDto, 'deliveredFiles'>[]): boolean =>
  isVersionLocked(versions.reduce((sum, v) => sum + v.deliveredFiles.length, 0));
