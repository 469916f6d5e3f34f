import { CONTACT_PAGE_SIZES, type ContactSortField } from '@plankurier/shared';

export type ContactPageSize = (typeof CONTACT_PAGE_SIZES)[number];

export interface ContactListParams {
  searchText: string;
  page: number;
  limit: ContactPageSize;
  sortBy: ContactSortField;
  sortOrder: 1 | -1;
}

/** The list as it opens: 10 per page, last name ascending (spec §9). */
export const DEFAULT_CONTACT_LIST: ContactListParams = {
  searchText: '',
  page: 1,
  limit: 10,
  sortBy: 'lastName',
  sortOrder: 1,
};

/** The query string of GET /contacts; the search text is left out when empty (spec §7). */
export function contactListQuery(params: ContactListParams): string {
  const query = new URLSearchParams();
  query.set('limit', String(params.limit));
  query.set('page', String(params.page));
  const searchText = params.searchText.trim();
  if (searchText) query.set('searchText', searchText);
  query.set('sortBy', params.sortBy);
  query.set('sortOrder', String(params.sortOrder));
  return query.toString();
}
