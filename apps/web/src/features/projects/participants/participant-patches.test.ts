import type { ProjectBundle } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { withParticipantDrop, withSubscriptions } from './participant-patches';

const participant = (id: string, folder: string, sortOrder: number) =>
  ({ _id: id, folder, sortOrder }) as ProjectBundle['participants'][number];
const bundle = {
  participants: [participant('a', 'f1', 0), participant('b', 'f1', 1), participant('c', 'f2', 0)],
  participantfolders: [
    { _id: 'f1', sortOrder: 0 },
    { _id: 'f2', sortOrder: 1 },
  ],
  subs: [
    {
      _id: 's1',
      doc: 'd1',
      participant: 'a',
      getsPdf: true,
      getsTec: false,
      deliverAgain: false,
      state: { deliver: 'RED' },
    },
  ],
} as unknown as ProjectBundle;

describe('withParticipantDrop', () => {
  test('a participant moved into another folder goes first there, the others follow', () => {
    const next = withParticipantDrop(bundle, { kind: 'participants', folderId: 'f2', participantIds: ['a'] });
    const f2 = next.participants.filter((p) => p.folder === 'f2').sort((x, y) => x.sortOrder - y.sortOrder);
    expect(f2.map((p) => p._id)).toEqual(['a', 'c']);
  });

  test('folders take the new order', () => {
    const next = withParticipantDrop(bundle, { kind: 'folders', folderIds: ['f2', 'f1'] });
    expect(next.participantfolders.map((f) => [f._id, f.sortOrder])).toEqual([
      ['f1', 1],
      ['f2', 0],
    ]);
  });
});

describe('withSubscriptions', () => {
  test('changes, creates and removes subscriptions at once', () => {
    const next = withSubscriptions(bundle, [
      { docId: 'd1', participantId: 'a', getsPdf: true, getsTec: true },
      { docId: 'd2', participantId: 'b', getsPdf: true, getsTec: false },
    ]);
    expect(next.subs.map((s) => [s.doc, s.participant, s.getsPdf, s.getsTec])).toEqual([
      ['d1', 'a', true, true],
      ['d2', 'b', true, false],
    ]);
    expect(
      withSubscriptions(bundle, [{ docId: 'd1', participantId: 'a', getsPdf: false, getsTec: false }]).subs,
    ).toEqual([]);
  });

  test('a role item without formats leaves an existing subscription and waits for the server for a new one', () => {
    expect(withSubscriptions(bundle, [{ docId: 'd9', participantId: 'c' }]).subs).toHaveLength(1);
  });
});
