import { describe, expect, test } from 'vitest';
import { participantLimitReached, pickerBody, pickerEmptyState } from './picker-params';

describe('pickerBody', () => {
  test('leaves out an empty search and no role', () => {
    expect(pickerBody({ searchText: '  ', sortBy: 'lastName', roleId: null }, 1)).toEqual({
      page: 1,
      sortBy: 'lastName',
      sortOrder: 1,
    });
  });

  test('sends the trimmed search, the role filter and the page', () => {
    expect(pickerBody({ searchText: ' Müller ', sortBy: 'company', roleId: 'r1' }, 3)).toEqual({
      page: 3,
      sortBy: 'company',
      sortOrder: 1,
      searchText: 'Müller',
      filters: { roleId: 'r1' },
    });
  });

  test('newest first sorts descending', () => {
    expect(pickerBody({ searchText: '', sortBy: 'createdAt', roleId: null }, 1).sortOrder).toBe(-1);
  });
});

describe('pickerEmptyState', () => {
  const plain = { searchText: '', sortBy: 'lastName' as const, roleId: null };
  test('total 0 means no contacts available, count 0 with total > 0 none found for the filters', () => {
    expect(pickerEmptyState({ count: 0, total: 0 }, plain)).toBe('noContacts');
    expect(pickerEmptyState({ count: 0, total: 12 }, { ...plain, searchText: 'xyz' })).toBe('noMatch');
    expect(pickerEmptyState({ count: 0, total: 12 }, { ...plain, roleId: 'r1' })).toBe('noMatch');
    expect(pickerEmptyState({ count: 3, total: 12 }, plain)).toBe('none');
    expect(pickerEmptyState(undefined, plain)).toBe('none');
  });

  test('without search or filter, count 0 with contacts means all of them take part already', () => {
    expect(pickerEmptyState({ count: 0, total: 12 }, plain)).toBe('allTaken');
  });
});

describe('participantLimitReached', () => {
  test('0 is unlimited; the FREE limit of 5 is reached with the fifth participant', () => {
    expect(participantLimitReached(500, 0)).toBe(false);
    expect(participantLimitReached(4, 5)).toBe(false);
    expect(participantLimitReached(5, 5)).toBe(true);
  });
});
