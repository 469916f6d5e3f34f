import { describe, expect, test } from 'vitest';
import { aggregateDownload, downloadByDoc, downloadByParticipant } from './download-state';

const sub = (download: 'red' | 'green' | null | undefined, doc = 'd1') => ({
  doc,
  state: { deliver: 'GREEN' as const, download },
});

describe('aggregateDownload', () => {
  test('any red makes it red', () => {
    expect(aggregateDownload([sub('green'), sub('red'), sub(null)])).toBe('red');
    expect(aggregateDownload([sub('red')])).toBe('red');
  });

  test('otherwise any green makes it green', () => {
    expect(aggregateDownload([sub(null), sub('green'), sub(undefined)])).toBe('green');
  });

  test('nothing sent, not computed or no subscriptions is null', () => {
    expect(aggregateDownload([sub(null), sub(undefined)])).toBeNull();
    expect(aggregateDownload([])).toBeNull();
    expect(aggregateDownload(undefined)).toBeNull();
  });
});

describe('downloadByDoc', () => {
  test('aggregates the subscriptions of each doc', () => {
    const map = downloadByDoc([sub('green', 'a'), sub('red', 'a'), sub('green', 'b'), sub(null, 'c')]);
    expect(map.get('a')).toBe('red');
    expect(map.get('b')).toBe('green');
    expect(map.get('c')).toBeNull();
    expect(map.has('d')).toBe(false);
  });
});

describe('downloadByParticipant', () => {
  test("a participant's subscriptions as the participant list aggregates them: red wins, then green", () => {
    const of = (participant: string, download: 'red' | 'green' | null) => ({ ...sub(download), participant });
    const map = downloadByParticipant([
      of('p1', 'green'),
      of('p1', 'red'),
      of('p1', 'green'),
      of('p2', 'green'),
      of('p3', null),
    ]);
    expect(map.get('p1')).toBe('red');
    expect(map.get('p2')).toBe('green');
    expect(map.has('p3')).toBe(false);
  });
});
