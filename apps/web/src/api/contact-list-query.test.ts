import { describe, expect, test } from 'vitest';
import { contactListQuery, DEFAULT_CONTACT_LIST } from './contact-list-query';

describe('contactListQuery', () => {
  test('the default list: 10 per page, first page, last name ascending, no search text', () => {
    expect(contactListQuery(DEFAULT_CONTACT_LIST)).toBe('limit=10&page=1&sortBy=lastName&sortOrder=1');
  });

  test('a search text is trimmed and sent; a blank one is left out', () => {
    expect(contactListQuery({ ...DEFAULT_CONTACT_LIST, searchText: '  weiß ' })).toContain('searchText=wei%C3%9F');
    expect(contactListQuery({ ...DEFAULT_CONTACT_LIST, searchText: '   ' })).not.toContain('searchText');
  });

  test('page size, page and descending order', () => {
    expect(contactListQuery({ ...DEFAULT_CONTACT_LIST, limit: 50, page: 3, sortBy: 'company', sortOrder: -1 })).toBe(
      'limit=50&page=3&sortBy=company&sortOrder=-1',
    );
  });
});
