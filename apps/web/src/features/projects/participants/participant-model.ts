import {
  type ParticipantDto,
  type ParticipantFolderDto,
  type ProjectBundle,
  type RoleDto,
  type SubscriptionBody,
  type SubscriptionDto,
} from '@plankurier/shared';
import { planFolderDrop } from '../folders/folder-drop';
import { subIndexOf, subOf, subsByParticipantOf, type SubIndex, type SubsByParticipant } from '../model/sub-index';

/** The participant part of the project bundle, indexed for the participants tab and the context bar. */
export interface ParticipantModel {
  folders: ParticipantFolderDto[];
  participantsByFolder: Map<string, ParticipantDto[]>;
  participantById: Map<string, ParticipantDto>;
  subsByParticipant: SubsByParticipant;
  subIndex: SubIndex;
  roles: RoleDto[];
  roleById: Map<string, RoleDto>;
}

type ParticipantBundle = Pick<ProjectBundle, 'participants' | 'participantfolders' | 'subs' | 'roles'>;

const bySortOrder = (a: { sortOrder: number }, b: { sortOrder: number }) => a.sortOrder - b.sortOrder;

export function buildParticipantModel(bundle: ParticipantBundle): ParticipantModel {
  const participantsByFolder = new Map<string, ParticipantDto[]>();
  for (const p of [...bundle.participants].sort(bySortOrder)) {
    const list = participantsByFolder.get(p.folder);
    if (list) list.push(p);
    else participantsByFolder.set(p.folder, [p]);
  }
  const roles = [...bundle.roles].sort((a, b) => a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }));
  return {
    folders: [...bundle.participantfolders].sort(bySortOrder),
    participantsByFolder,
    participantById: new Map(bundle.participants.map((p) => [p._id, p])),
    subsByParticipant: subsByParticipantOf(bundle.subs),
    subIndex: subIndexOf(bundle.subs),
    roles,
    roleById: new Map(roles.map((r) => [r._id, r])),
  };
}

export interface ParticipantFilter {
  /** Only participants holding this role; null for all roles. */
  roleId: string | null;
  /** Only participants with something still to send. */
  redOnly: boolean;
}

export const NO_FILTER: ParticipantFilter = { roleId: null, redOnly: false };

export function participantMatches(p: ParticipantDto, filter: ParticipantFilter): boolean {
  if (filter.roleId && !p.roles.includes(filter.roleId)) return false;
  if (filter.redOnly && p.state.deliver !== 'RED') return false;
  return true;
}

export const isFiltering = (filter: ParticipantFilter) => filter.roleId !== null || filter.redOnly;

/** One line of the participant list. */
export type ParticipantRow =
  | { kind: 'folder'; key: string; folder: ParticipantFolderDto; count: number; shownCount: number }
  | { kind: 'participant'; key: string; participant: ParticipantDto }
  | { kind: 'empty'; key: string; folder: ParticipantFolderDto; filtered: boolean };

export const participantFolderRowId = (folderId: string) => `pfolder:${folderId}`;
export const participantRowId = (participantId: string) => `participant:${participantId}`;

/** Every folder with its participants that pass the filter; collapsed folders show only their heading. */
export function buildParticipantRows(
  folders: readonly ParticipantFolderDto[],
  participantsByFolder: ReadonlyMap<string, readonly ParticipantDto[]>,
  filter: ParticipantFilter,
): ParticipantRow[] {
  const rows: ParticipantRow[] = [];
  for (const folder of folders) {
    const all = participantsByFolder.get(folder._id) ?? [];
    const shown = all.filter((p) => participantMatches(p, filter));
    rows.push({
      kind: 'folder',
      key: participantFolderRowId(folder._id),
      folder,
      count: all.length,
      shownCount: shown.length,
    });
    if (folder.isCollapsed) continue;
    if (shown.length === 0) {
      rows.push({ kind: 'empty', key: `pempty:${folder._id}`, folder, filtered: all.length > 0 });
      continue;
    }
    for (const participant of shown) {
      rows.push({ kind: 'participant', key: participantRowId(participant._id), participant });
    }
  }
  return rows;
}

/** What a drop in the participant list changes. */
export type ParticipantDrop =
  { kind: 'participants'; folderId: string; participantIds: string[] } | { kind: 'folders'; folderIds: string[] };

interface DropContext {
  folders: readonly ParticipantFolderDto[];
  participantsByFolder: ReadonlyMap<string, readonly ParticipantDto[]>;
}

/** A drop in the participant list, planned as in any folder list (ids 'participant:<id>' / 'pfolder:<id>'). */
export function planParticipantDrop(activeId: string, overId: string | null, ctx: DropContext): ParticipantDrop | null {
  const drop = planFolderDrop(activeId, overId, {
    folders: ctx.folders,
    itemsByFolder: ctx.participantsByFolder,
    prefixes: { folder: 'pfolder', item: 'participant' },
  });
  if (!drop) return null;
  return drop.kind === 'items'
    ? { kind: 'participants', folderId: drop.folderId, participantIds: drop.itemIds }
    : { kind: 'folders', folderIds: drop.folderIds };
}

/** A (doc, participant) pair: one cell of the subscription matrix. */
export interface SubCell {
  docId: string;
  participantId: string;
}
export type SubFormat = 'pdf' | 'tec';

const gets = (sub: SubscriptionDto | undefined, format: SubFormat) =>
  Boolean(sub && (format === 'pdf' ? sub.getsPdf : sub.getsTec));

/** Whether all, some or none of the cells receive the format (for a bulk checkbox). */
export function cellsFormatState(
  cells: readonly SubCell[],
  subIndex: SubIndex,
  format: SubFormat,
): 'all' | 'some' | 'none' {
  if (cells.length === 0) return 'none';
  const on = cells.filter((c) => gets(subOf(subIndex, c.docId, c.participantId), format)).length;
  return on === 0 ? 'none' : on === cells.length ? 'all' : 'some';
}

/**
 * The items of PUT /subscriptions that switch one format on or off for every cell, keeping the other
 * format as it is (explicit, so that new subscriptions do not pick up the contact's defaults).
 * Cells that already have the wanted value are left out.
 */
export function formatToggleItems(
  cells: readonly SubCell[],
  subIndex: SubIndex,
  format: SubFormat,
  on: boolean,
): SubscriptionBody[] {
  const items: SubscriptionBody[] = [];
  for (const cell of cells) {
    const sub = subOf(subIndex, cell.docId, cell.participantId);
    if (gets(sub, format) === on) continue;
    items.push({
      docId: cell.docId,
      participantId: cell.participantId,
      getsPdf: format === 'pdf' ? on : Boolean(sub?.getsPdf),
      getsTec: format === 'tec' ? on : Boolean(sub?.getsTec),
    });
  }
  return items;
}

/** One format of one cell switched: both formats explicit (both off removes the subscription). */
export function toggleOne(
  cell: SubCell,
  sub: SubscriptionDto | undefined,
  format: SubFormat,
  on: boolean,
): SubscriptionBody {
  return {
    ...cell,
    getsPdf: format === 'pdf' ? on : Boolean(sub?.getsPdf),
    getsTec: format === 'tec' ? on : Boolean(sub?.getsTec),
  };
}

/**
 * A role to a doc: every participant holding the role gets the doc in the contact's required formats;
 * existing subscriptions stay as they are.
 */
export function roleToDocItems(
  docId: string,
  participants: readonly ParticipantDto[],
  roleId: string,
): SubscriptionBody[] {
  return participants.filter((p) => p.roles.includes(roleId)).map((p) => ({ docId, participantId: p._id }));
}

/** Number of docs the participant receives in any format. */
export function subscribedDocCount(model: Pick<ParticipantModel, 'subsByParticipant'>, participantId: string): number {
  // Counted in place: a row per participant asks, and a participant may hold thousands of subscriptions.
  let count = 0;
  for (const s of model.subsByParticipant.get(participantId)?.values() ?? []) if (s.getsPdf || s.getsTec) count++;
  return count;
}
