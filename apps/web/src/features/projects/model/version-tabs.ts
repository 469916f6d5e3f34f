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

/** A status tab the user chose, with what it was chosen for: the doc and its version in preparation then. */
export interface VersionTabChoice {
  tab: VersionStatus;
  docId: string;
  preparationId: string | null;
}

export const versionTabChoice = (
  tab: VersionStatus,
  docId: string,
  groups: Record<VersionStatus, VersionDto[]>,
): VersionTabChoice => ({ tab, docId, preparationId: groups.preparation[0]?._id ?? null });

/**
 * The tab shown: the user's choice while it is about the same doc and the same version in
 * preparation, else the default. So once the prepared version is released (here, by 'release all'
 * or in another session) the panel shows it as the current version instead of an empty
 * 'in Vorbereitung', and a newly prepared version opens in its tab.
 */
export function shownVersionTab(
  groups: Record<VersionStatus, VersionDto[]>,
  docId: string,
  choice: VersionTabChoice | null,
): VersionStatus {
  const preparationId = groups.preparation[0]?._id ?? null;
  if (choice && choice.docId === docId && choice.preparationId === preparationId) return choice.tab;
  return defaultVersionTab(groups);
}
