import type { ParticipantDto, ParticipantFolderDto, RoleDto } from '@plankurier/shared';

/** One column of the Planraster: a participant. */
export interface GridColumn {
  key: string;
  participant: ParticipantDto;
}

/** A participant folder spanning the columns [start, start + count). */
export interface ColumnGroup {
  key: string;
  name: string;
  start: number;
  count: number;
}

export interface GridColumns {
  columns: GridColumn[];
  groups: ColumnGroup[];
}

const bySortOrder = (a: { sortOrder: number }, b: { sortOrder: number }) => a.sortOrder - b.sortOrder;

/**
 * The participants as columns, grouped by participant folder (folders and participants in their
 * sortOrder). Participants of a folder that is not in the bundle come last, in a group without name.
 */
export function buildGridColumns(
  folders: readonly ParticipantFolderDto[],
  participants: readonly ParticipantDto[],
): GridColumns {
  const byFolder = new Map<string, ParticipantDto[]>();
  for (const p of [...participants].sort(bySortOrder)) {
    const list = byFolder.get(p.folder);
    if (list) list.push(p);
    else byFolder.set(p.folder, [p]);
  }
  const columns: GridColumn[] = [];
  const groups: ColumnGroup[] = [];
  const add = (key: string, name: string, members: readonly ParticipantDto[] | undefined) => {
    if (!members || members.length === 0) return;
    groups.push({ key, name, start: columns.length, count: members.length });
    for (const participant of members) columns.push({ key: participant._id, participant });
  };
  const known = new Set<string>();
  for (const folder of [...folders].sort(bySortOrder)) {
    known.add(folder._id);
    add(folder._id, folder.name, byFolder.get(folder._id));
  }
  const orphans = [...byFolder.entries()].filter(([id]) => !known.has(id)).flatMap(([, list]) => list);
  add('folder:none', '', orphans);
  return { columns, groups };
}

/** The groups that overlap the column range [first, last]. */
export const groupsInRange = (groups: readonly ColumnGroup[], first: number, last: number) =>
  groups.filter((g) => g.start <= last && g.start + g.count - 1 >= first);

/** What the tooltip of a column heading says: name, company (when it differs) and role names. */
export function participantSummary(participant: ParticipantDto, roleNames: ReadonlyMap<string, string>) {
  const roles = participant.roles.map((id) => roleNames.get(id)).filter((n): n is string => Boolean(n));
  return {
    name: participant.name,
    company: participant.company && participant.company !== participant.name ? participant.company : '',
    roles,
  };
}

export const roleNameMap = (roles: readonly RoleDto[]) => new Map(roles.map((r) => [r._id, r.name]));

/** A short label for a narrow heading: at most `max` characters, with an ellipsis. */
export const abbreviate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
