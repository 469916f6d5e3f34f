import { describe, expect, test } from 'vitest';
import { applySlice, mergeScopes, SLICE_MAX_DOCS } from './bundle-patch.ts';
import type { DocDto, DocFolderDto, ProjectBundle } from './projects.ts';
import type { ParticipantDto, SubscriptionDto } from './participants.ts';

const doc = (id: string, folder: string, sortOrder: number, deliver: DocDto['state']['deliver'] = 'GRAY'): DocDto => ({
  _id: id,
  rev: 1,
  project: 'p',
  folder,
  doctype: 'plan',
  number: id,
  name: id,
  sortOrder,
  currentVersion: null,
  nextVersion: null,
  oldVersions: [],
  state: { deliver },
});
const folder = (id: string, docs: DocDto[]): DocFolderDto => ({
  _id: id,
  rev: 1,
  project: 'p',
  phase: 'ph',
  name: id,
  category: 'plans',
  sortOrder: 0,
  isCollapsed: false,
  isCollapsedInPicker: false,
  docs: docs.map((d) => ({ _id: d._id, sortOrder: d.sortOrder })),
});
const participant = (id: string, deliver: ParticipantDto['state']['deliver']): ParticipantDto => ({
  _id: id,
  project: 'p',
  contact: `c-${id}`,
  folder: 'pf',
  roles: [],
  sortOrder: 0,
  name: id,
  email: `${id}@example.org`,
  company: '',
  phone: '',
  state: { deliver },
});
const sub = (docId: string, participantId: string, deliver: SubscriptionDto['state']['deliver']): SubscriptionDto => ({
  _id: `${docId}-${participantId}`,
  doc: docId,
  participant: participantId,
  getsPdf: true,
  getsTec: false,
  deliverAgain: false,
  state: { deliver },
});

function bundle(): ProjectBundle {
  const a = doc('a', 'f1', 0, 'GREEN');
  const b = doc('b', 'f1', 1, 'GREEN');
  return {
    archives: [],
    project: {
      _id: 'p',
      rev: 1,
      number: 'P-1',
      name: 'Haus',
      state: 'active',
      phases: ['ph'],
      createdAt: '',
      updatedAt: '',
      openedAt: '2026-11-29T08:00:00.000Z',
    },
    phases: [],
    participants: [participant('x', 'GREEN')],
    docfolders: [folder('f1', [a, b]), folder('f2', [])],
    participantfolders: [],
    docs: [a, b],
    subs: [sub('a', 'x', 'GREEN'), sub('b', 'x', 'GREEN')],
    standingSubs: [],
    versions: [],
    files: [],
    roles: [],
    changeSeq: 4,
  };
}

describe('applySlice', () => {
  test('a doc in the scope and absent from the rows is removed with its subscriptions and from its folder list', () => {
    const next = applySlice(bundle(), { scope: { docs: ['b'] }, rows: { docs: [], subs: [], docfolders: [] } });
    expect(next.docs.map((d) => d._id)).toEqual(['a']);
    expect(next.subs.map((s) => s.doc)).toEqual(['a']);
    expect(next.docfolders.find((f) => f._id === 'f1')!.docs).toEqual([{ _id: 'a', sortOrder: 0 }]);
  });

  test('a subscription turning red makes its participant, outside the scope, red as the server aggregates', () => {
    const before = bundle();
    const red = { ...before.docs[1]!, state: { deliver: 'RED' as const } };
    const next = applySlice(before, {
      scope: { docs: ['b'] },
      rows: { docs: [red], subs: [sub('b', 'x', 'RED')], docfolders: [before.docfolders[0]!] },
    });
    expect(next.participants[0]!.state.deliver).toBe('RED');
    expect(next.docs.find((d) => d._id === 'a')!.state.deliver).toBe('GREEN');
    // The participant's removal turns the docs it was subscribed to gray.
    const without = applySlice(next, { scope: { participants: ['x'] }, rows: { participants: [], subs: [] } });
    expect(without.participants).toEqual([]);
    expect(without.docs.map((d) => d.state.deliver)).toEqual(['GRAY', 'GRAY']);
  });

  test('a doc moved to another folder leaves the old list and joins the new one', () => {
    const before = bundle();
    const moved = doc('b', 'f2', 0, 'GREEN');
    const next = applySlice(before, {
      scope: { docs: ['b'] },
      rows: { docs: [moved], subs: [sub('b', 'x', 'GREEN')], docfolders: [folder('f2', [moved])] },
    });
    expect(next.docfolders.find((f) => f._id === 'f1')!.docs.map((d) => d._id)).toEqual(['a']);
    expect(next.docfolders.find((f) => f._id === 'f2')!.docs.map((d) => d._id)).toEqual(['b']);
  });

  test('a structure slice replaces project, phases, folders and roles, keeping when the person opened the project', () => {
    const before = bundle();
    const next = applySlice(before, {
      scope: { structure: true },
      rows: {
        project: { ...before.project, name: 'Haus Müller', openedAt: null },
        phases: [],
        docfolders: [before.docfolders[0]!],
        participantfolders: [],
        roles: [{ _id: 'r', rev: 1, name: 'Statik' }],
      },
    });
    expect(next.project.name).toBe('Haus Müller');
    expect(next.project.openedAt).toBe(before.project.openedAt);
    expect(next.docfolders.map((f) => f._id)).toEqual(['f1']);
    expect(next.roles).toEqual([{ _id: 'r', rev: 1, name: 'Statik' }]);
    expect(next.docs).toEqual(before.docs);
  });

  test('standing subscriptions come with the structure, and go with their participant', () => {
    const rule = (id: string, participant: string) => ({
      _id: id,
      participant,
      folder: 'f1',
      phase: null,
      getsPdf: true,
      getsTec: false,
    });
    const before = { ...bundle(), standingSubs: [rule('r1', 'x'), rule('r2', 'y')] };
    const withNew = applySlice(before, {
      scope: { structure: true },
      rows: { ...before, standingSubs: [rule('r1', 'x'), rule('r2', 'y'), rule('r3', 'y')] },
    });
    expect(withNew.standingSubs.map((r) => r._id)).toEqual(['r1', 'r2', 'r3']);
    const withoutX = applySlice(withNew, { scope: { participants: ['x'] }, rows: { participants: [], subs: [] } });
    expect(withoutX.standingSubs.map((r) => r._id)).toEqual(['r2', 'r3']);
    // A doc's slice leaves them alone.
    expect(applySlice(withoutX, { scope: { docs: ['a'] }, rows: {} }).standingSubs).toBe(withoutX.standingSubs);
  });
});

describe('mergeScopes', () => {
  test('joins docs, participants and structure; one change without rows makes the whole without rows', () => {
    expect(mergeScopes([{ docs: ['a'] }, { docs: ['a', 'b'], participants: ['x'] }, { structure: true }])).toEqual({
      structure: true,
      docs: ['a', 'b'],
      participants: ['x'],
    });
    expect(mergeScopes([{ docs: ['a'] }, null])).toBeNull();
    expect(mergeScopes([])).toEqual({});
  });

  test(`more than ${SLICE_MAX_DOCS} docs are a whole project's worth: no rows`, () => {
    const many = Array.from({ length: SLICE_MAX_DOCS + 1 }, (_, i) => `d${i}`);
    expect(mergeScopes([{ docs: many }])).toBeNull();
    expect(mergeScopes([{ docs: many.slice(1) }])).toEqual({ docs: many.slice(1) });
  });
});
