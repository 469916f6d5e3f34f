import { describe, expect, it } from 'vitest';
import { shareBundle } from './bundle-sharing';

const bundle = () => ({
  project: { _id: 'p1', name: 'Neubau' },
  docs: [{ _id: 'd1', name: 'Grundriss' }],
  subs: [{ _id: 'pa1/d1', getsPdf: true, state: { deliver: 'GRAY' } }],
  changeSeq: 4,
});

describe('shareBundle', () => {
  it('takes a patched bundle as it is: its changed parts are new, the rest is the cached objects', () => {
    const cached = bundle();
    const sub = { ...cached.subs[0]!, getsPdf: false };
    const patched = { ...cached, subs: [sub], changeSeq: 5 };
    const shared = shareBundle(cached, patched) as typeof cached;
    expect(shared).toBe(patched);
    expect(shared.subs[0]).toBe(sub);
    expect(shared.docs).toBe(cached.docs);
  });

  it('keeps what did not change of a bundle read anew, and takes what changed', () => {
    const cached = bundle();
    const read = bundle();
    read.subs[0]!.getsPdf = false;
    const shared = shareBundle(cached, read) as typeof cached;
    expect(shared.docs).toBe(cached.docs);
    expect(shared.project).toBe(cached.project);
    expect(shared.subs).not.toBe(cached.subs);
    expect(shared.subs[0]!.getsPdf).toBe(false);
  });

  it('answers the cached bundle for a read that is equal throughout', () => {
    const cached = bundle();
    expect(shareBundle(cached, bundle())).toBe(cached);
  });

  it('takes the first read as it is', () => {
    const read = bundle();
    expect(shareBundle(undefined, read)).toBe(read);
  });
});
