import type { TimelineEventDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { filterParams, flattenPages, isFiltered, NO_FILTER } from './use-timeline';

const ev = (id: string) => ({ _id: id }) as TimelineEventDto;

describe('timeline paging', () => {
  test('pages flatten in order without duplicates', () => {
    expect(flattenPages([{ events: [ev('a'), ev('b')] }, { events: [ev('b'), ev('c')] }]).map((e) => e._id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  test('only non-empty filter lists are sent', () => {
    expect(filterParams(NO_FILTER)).toEqual({});
    expect(filterParams({ ...NO_FILTER, docIds: ['d1'] })).toEqual({ docIds: ['d1'] });
    expect(filterParams({ ...NO_FILTER, actorIds: ['u1', 'u2'] })).toEqual({ actorIds: ['u1', 'u2'] });
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, actorIds: ['u1'] })).toBe(true);
  });
});
