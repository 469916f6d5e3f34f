import type { ParticipantDto, ParticipantFolderDto, SubscriptionDto } from '@plankurier/shared';
import { subOf } from '../model/sub-index';
import { describe, expect, test } from 'vitest';
import {
  buildParticipantModel,
  buildParticipantRows,
  cellsFormatState,
  formatToggleItems,
  NO_FILTER,
  planParticipantDrop,
  roleToDocItems,
  subscribedDocCount,
  toggleOne,
} from './participant-model';

const folder = (id: string, sortOrder: number, isCollapsed = false): ParticipantFolderDto => ({
  _id: id,
  rev: 1,
  project: 'p1',
  name: id,
  sortOrder,
  isCollapsed,
  isCollapsedInPicker: false,
  participants: [],
});
const participant = (
  id: string,
  folderId: string,
  sortOrder: number,
  extra: Partial<ParticipantDto> = {},
): ParticipantDto => ({
  _id: id,
  project: 'p1',
  contact: `c-${id}`,
  folder: folderId,
  roles: [],
  sortOrder,
  name: id,
  email: `${id}@example.org`,
  company: '',
  phone: '',
  state: { deliver: 'GRAY' },
  ...extra,
});
const sub = (doc: string, part: string, getsPdf: boolean, getsTec: boolean): SubscriptionDto => ({
  _id: `${doc}-${part}`,
  doc,
  participant: part,
  getsPdf,
  getsTec,
  deliverAgain: false,
  state: { deliver: 'RED' },
});

const bundle = {
  participantfolders: [folder('fach', 2), folder('bau', 1)],
  participants: [
    participant('b', 'fach', 2, { roles: ['statik'], state: { deliver: 'RED' } }),
    participant('a', 'fach', 1),
    participant('x', 'bau', 1, { roles: ['statik', 'tga'] }),
  ],
  subs: [sub('d1', 'a', true, false), sub('d1', 'b', true, true), sub('d2', 'a', false, true)],
  roles: [
    { _id: 'tga', rev: 1, name: 'TGA' },
    { _id: 'statik', rev: 1, name: 'Statik' },
  ],
};
const model = buildParticipantModel(bundle);

describe('buildParticipantModel', () => {
  test('sorts folders and participants and the roles by name', () => {
    expect(model.folders.map((f) => f._id)).toEqual(['bau', 'fach']);
    expect(model.participantsByFolder.get('fach')?.map((p) => p._id)).toEqual(['a', 'b']);
    expect(model.roles.map((r) => r.name)).toEqual(['Statik', 'TGA']);
  });

  test('counts the plans a participant receives', () => {
    expect(subscribedDocCount(model, 'a')).toBe(2);
    expect(subscribedDocCount(model, 'x')).toBe(0);
  });
});

describe('buildParticipantRows', () => {
  test('folders with their participants; an empty folder gets an empty row', () => {
    const rows = buildParticipantRows(model.folders, model.participantsByFolder, NO_FILTER);
    expect(rows.map((r) => r.key)).toEqual([
      'pfolder:bau',
      'participant:x',
      'pfolder:fach',
      'participant:a',
      'participant:b',
    ]);
  });

  test('the role filter and the red-only toggle leave out the others', () => {
    const byRole = buildParticipantRows(model.folders, model.participantsByFolder, { roleId: 'tga', redOnly: false });
    expect(byRole.map((r) => r.key)).toEqual(['pfolder:bau', 'participant:x', 'pfolder:fach', 'pempty:fach']);
    const red = buildParticipantRows(model.folders, model.participantsByFolder, { roleId: null, redOnly: true });
    expect(red.filter((r) => r.kind === 'participant').map((r) => r.key)).toEqual(['participant:b']);
    expect(red[0]).toMatchObject({ kind: 'folder', count: 1, shownCount: 0 });
  });

  test('a collapsed folder shows only its heading', () => {
    const rows = buildParticipantRows([folder('bau', 1, true)], model.participantsByFolder, NO_FILTER);
    expect(rows.map((r) => r.key)).toEqual(['pfolder:bau']);
  });
});

describe('planParticipantDrop', () => {
  const ctx = { folders: model.folders, participantsByFolder: model.participantsByFolder };

  test('within a folder a participant takes the place of the one it is dropped on', () => {
    expect(planParticipantDrop('participant:b', 'participant:a', ctx)).toEqual({
      kind: 'participants',
      folderId: 'fach',
      participantIds: ['b', 'a'],
    });
  });

  test('into another folder: before the target, or at the end when dropped on the heading', () => {
    expect(planParticipantDrop('participant:a', 'participant:x', ctx)).toEqual({
      kind: 'participants',
      folderId: 'bau',
      participantIds: ['a', 'x'],
    });
    expect(planParticipantDrop('participant:a', 'pfolder:bau', ctx)).toEqual({
      kind: 'participants',
      folderId: 'bau',
      participantIds: ['x', 'a'],
    });
  });

  test('folders are reordered; nothing changes on itself or outside', () => {
    expect(planParticipantDrop('pfolder:fach', 'pfolder:bau', ctx)).toEqual({
      kind: 'folders',
      folderIds: ['fach', 'bau'],
    });
    expect(planParticipantDrop('pfolder:fach', 'pfolder:fach', ctx)).toBeNull();
    expect(planParticipantDrop('participant:a', 'pfolder:fach', ctx)).toBeNull();
    expect(planParticipantDrop('participant:a', null, ctx)).toBeNull();
  });
});

describe('subscription toggles', () => {
  const cells = ['a', 'b', 'x'].map((participantId) => ({ docId: 'd1', participantId }));

  test('the bulk state says all, some or none', () => {
    expect(cellsFormatState(cells, model.subIndex, 'pdf')).toBe('some');
    expect(cellsFormatState(cells.slice(0, 2), model.subIndex, 'pdf')).toBe('all');
    expect(cellsFormatState([{ docId: 'd2', participantId: 'x' }], model.subIndex, 'tec')).toBe('none');
    expect(cellsFormatState([], model.subIndex, 'tec')).toBe('none');
  });

  test('switching PDF on for all sends only the cells that change and keeps TEC', () => {
    expect(formatToggleItems(cells, model.subIndex, 'pdf', true)).toEqual([
      { docId: 'd1', participantId: 'x', getsPdf: true, getsTec: false },
    ]);
    expect(formatToggleItems(cells, model.subIndex, 'pdf', false)).toEqual([
      { docId: 'd1', participantId: 'a', getsPdf: false, getsTec: false },
      { docId: 'd1', participantId: 'b', getsPdf: false, getsTec: true },
    ]);
  });

  test('one toggle sends both formats explicitly', () => {
    expect(toggleOne({ docId: 'd1', participantId: 'b' }, subOf(model.subIndex, 'd1', 'b'), 'tec', false)).toEqual({
      docId: 'd1',
      participantId: 'b',
      getsPdf: true,
      getsTec: false,
    });
    expect(toggleOne({ docId: 'd3', participantId: 'x' }, undefined, 'pdf', true)).toEqual({
      docId: 'd3',
      participantId: 'x',
      getsPdf: true,
      getsTec: false,
    });
  });

  test('a role to a doc names the participants holding the role, formats left to their defaults', () => {
    expect(roleToDocItems('d9', bundle.participants, 'statik')).toEqual([
      { docId: 'd9', participantId: 'b' },
      { docId: 'd9', participantId: 'x' },
    ]);
  });
});
