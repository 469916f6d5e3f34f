import type { VersionDto, VersionStatus } from '@plankurier/shared';

export const VERSION_TABS: readonly VersionStatus[] = ['preparation', 'current', 'outdated', 'archived'];

/** A doc's versions by status, newest first within each. */
export function versionsByStatus(versions: readonly VersionDto[]): Record<VersionStatus, VersionDto[]> {
  const result: Record<VersionStatus, VersionDto[]> = { preparation: [], current: [], outdated: [], archived: [] };
  for (const v of [...versions].sort((a, b) => b.number - a.number)) result[v.status].push(v);
  return result;
}

/** The tab that opens first: the version in preparation when there is one, else the current one. */
export function defaultVersionTab(groups: Record<VersionStatus, VersionDto[]>): VersionStatus {
  if (groups.preparation.length) return 'preparation';
  if (groups.current.length) return 'current';
  return 'preparation';
}
