import { describe, expect, test } from 'vitest';
import { expandBundle, hexOfUuid, subKey, type CompactBundle } from '@plankurier/shared';
import { compactSubs } from './compact-subs.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const DOCS = [uuid(100), uuid(101), uuid(102)];
const NONE = { anyOfSub: false, ofSub: () => null };
/** A grouped row as subscriptionGroups reads it: id, doc id, formats byte per subscription. */
const row = (participant: string, subs: [number, string, number][]) => ({
  participant_id: participant,
  subs: subs.map(([id, doc, formats]) => hexOfUuid(uuid(id)) + hexOfUuid(doc) + `0${formats}`).join(''),
});

describe('the compact subscriptions from grouped rows', () => {
  const input = {
    docIds: DOCS,
    // Doc 0 and 1 have a current PDF; doc 2 has no current version.
    currentFiles: new Map([
      [DOCS[0]!, [{ _id: 'f0', kind: 'pdf' as const }]],
      [DOCS[1]!, [{ _id: 'f1', kind: 'pdf' as const }]],
    ]),
    docOfFile: new Map([
      ['f0', DOCS[0]!],
      ['f1', DOCS[1]!],
    ]),
    sent: new Map([['p1', new Set(['f0'])]]),
    downloaded: new Map([['p1', new Set(['f0'])]]),
    bounces: NONE,
    receipts: NONE,
  };

  test('orders by doc, computes the states and their aggregates', () => {
    const result = compactSubs({
      ...input,
      groups: [
        row('p1', [
          [2, DOCS[2]!, 1],
          [1, DOCS[1]!, 5],
          [0, DOCS[0]!, 1],
        ]),
      ],
    });
    const subs = expandBundle({
      docs: { length: 3, dense: { _id: DOCS } },
      versions: { length: 0, dense: {} },
      files: { length: 0, dense: {} },
      subs: result.subs,
    } as unknown as CompactBundle).subs;
    expect(subs.map((s) => [s._id, s.doc, s.deliverAgain, s.state.deliver, s.state.download])).toEqual([
      [subKey('p1', DOCS[0]!), DOCS[0], false, 'GREEN', 'green'],
      [subKey('p1', DOCS[1]!), DOCS[1], true, 'RED', null],
      [subKey('p1', DOCS[2]!), DOCS[2], false, 'GRAY', null],
    ]);
    expect(DOCS.map(result.deliverOfDoc)).toEqual(['GREEN', 'RED', 'GRAY']);
    expect([result.deliverOfParticipant('p1'), result.deliverOfParticipant('p2')]).toEqual(['RED', 'GRAY']);
  });

  test('a subscription of a doc made after the docs were read waits for the next load', () => {
    const result = compactSubs({
      ...input,
      groups: [
        row('p1', [
          [0, DOCS[0]!, 1],
          [9, uuid(999), 1],
        ]),
      ],
    });
    expect(result.subs.groups[0]!.docs).toEqual([0]);
  });
});
