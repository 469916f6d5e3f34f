import { describe, expect, test } from 'vitest';
import {
  DELIVER_CODES,
  ProjectLoadQuery,
  compactBundle,
  expandBundle,
  hexOfUuid,
  parseSubKey,
  subFlags,
  subKey,
  uuidOfHex,
  withSubKeys,
  type CompactBundle,
} from './bundle-wire.ts';
import type { SubscriptionDto } from './participants.ts';
import type { DocDto, ProjectBundle } from './projects.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const doc = (n: number) => ({ _id: uuid(1000 + n), number: `A-${n}` }) as DocDto;
const BOUNCE = { kind: 'permanent' as const, at: '2026-11-21T08:00:00.000Z', status: '5.1.1', diagnostic: null };
const RECEIPT = { requested: true, confirmedAt: null, confirmedBy: null, index: 'B' };

function sub(n: number, docN: number, participant: string, extra: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    _id: uuid(n),
    doc: doc(docN)._id,
    participant,
    getsPdf: true,
    getsTec: false,
    deliverAgain: false,
    state: { deliver: 'GRAY', download: null, bounce: null },
    ...extra,
  };
}

const bundle = (subs: SubscriptionDto[]) =>
  ({
    project: { _id: uuid(1) },
    docs: [doc(0), doc(1), doc(2), doc(3)],
    versions: [],
    files: [],
    participants: [],
    subs,
  }) as unknown as ProjectBundle;

describe('the compact wire form of the project load', () => {
  test('expands to the same subscriptions, grouped by participant and ordered by doc', () => {
    const subs = [
      sub(5, 3, 'p1', { getsTec: true, state: { deliver: 'RED', download: 'red', bounce: BOUNCE, receipt: RECEIPT } }),
      sub(6, 0, 'p2', { getsPdf: false, getsTec: true, state: { deliver: 'GREEN', download: 'green', bounce: null } }),
      sub(7, 1, 'p1', { deliverAgain: true, state: { deliver: 'GREEN', download: null, bounce: BOUNCE } }),
      sub(8, 2, 'p1', { fromRule: true }),
    ];
    const expanded = expandBundle(compactBundle(bundle(subs)));
    const keyed = (s: SubscriptionDto) => ({ ...s, _id: subKey(s.participant, s.doc) });
    expect(expanded.subs).toEqual([subs[2]!, subs[3]!, subs[0]!, subs[1]!].map(keyed));
    expect(expanded.docs).toEqual(bundle(subs).docs);
  });

  test('a group carries no subscription ids, docs as steps, and each distinct bounce or receipt once', () => {
    const subs = [
      sub(7, 1, 'p1', { state: { deliver: 'GREEN', download: null, bounce: BOUNCE } }),
      sub(5, 3, 'p1', { getsTec: true, state: { deliver: 'RED', download: 'red', bounce: BOUNCE, receipt: RECEIPT } }),
    ];
    const wire = compactBundle(bundle(subs));
    expect(wire.form).toBe('compact');
    expect(wire.subs.bounces).toEqual([BOUNCE]);
    expect(wire.subs.receipts).toEqual([RECEIPT]);
    expect(wire.subs.groups).toEqual([
      {
        participant: 'p1',
        docs: [1, 2],
        flags: [subFlags(subs[0]!, 'GREEN', null), subFlags(subs[1]!, 'RED', 'red')],
        bounce: [0, 0, 1, 0],
        receipt: [1, 0],
      },
    ]);
    expect(JSON.stringify(wire)).not.toContain(uuid(7));
    expect(JSON.stringify(wire)).not.toContain(hexOfUuid(uuid(7)));
  });

  test('without subscriptions the compact form carries no group', () => {
    const wire: CompactBundle = compactBundle(bundle([]));
    expect(wire.subs).toEqual({ groups: [], bounces: [], receipts: [] });
    expect(expandBundle(wire).subs).toEqual([]);
  });

  test('a subscription of a doc outside the bundle is refused rather than sent pointing nowhere', () => {
    expect(() => compactBundle(bundle([sub(5, 9, 'p1')]))).toThrow(/outside the bundle/);
  });

  test('flags keep formats, deliverAgain, deliver and download state apart', () => {
    const all = { getsPdf: true, getsTec: true, deliverAgain: true };
    expect(subFlags(all, 'GRAY', null)).toBe(7);
    expect(subFlags({ getsPdf: false, getsTec: false, deliverAgain: false }, 'RED', 'green')).toBe((2 << 3) | (2 << 5));
    expect(subFlags({ ...all, fromRule: true }, 'RED', 'green')).toBe(7 | (2 << 3) | (2 << 5) | 128);
    // The deliver codes rank as the aggregate does: a participant's highest code is its state.
    expect(DELIVER_CODES).toEqual(['GRAY', 'GREEN', 'RED']);
  });

  test('a uuid survives the trip through its hex digits', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(uuidOfHex(hexOfUuid(id))).toBe(id);
  });

  test('a subscription key names its participant and doc; anything else is no key', () => {
    expect(parseSubKey(subKey(uuid(3), uuid(1001)))).toEqual({ participant: uuid(3), doc: uuid(1001) });
    expect(parseSubKey(uuid(5))).toBeNull();
    expect(parseSubKey(`${uuid(3)}/`)).toBeNull();
    expect(parseSubKey(`${uuid(3)}/${uuid(4)}/${uuid(5)}`)).toBeNull();
  });

  test("a live change's subscriptions are named by key as the expanded load names them", () => {
    const rows = { subs: [sub(5, 3, 'p1')], docs: [doc(3)] };
    const keyed = withSubKeys({ scope: { docs: [doc(3)._id] }, rows });
    expect(keyed.rows.subs!.map((s) => s._id)).toEqual([subKey('p1', doc(3)._id)]);
    expect(keyed.rows.docs).toBe(rows.docs);
    expect(rows.subs[0]!._id).toBe(uuid(5));
    const withoutSubs = { scope: { structure: true }, rows: {} };
    expect(withSubKeys(withoutSubs)).toBe(withoutSubs);
  });

  test('the form is plain unless compact is asked for; other names are refused', () => {
    expect(ProjectLoadQuery.parse({})).toEqual({ form: 'plain' });
    expect(ProjectLoadQuery.parse({ form: 'compact' })).toEqual({ form: 'compact' });
    expect(ProjectLoadQuery.safeParse({ form: 'tiny' }).success).toBe(false);
  });
});
