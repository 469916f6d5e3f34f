import { PROJECT_LIST_PAGE_SIZE, RECENT_PROJECTS_KEPT } from '@plankurier/shared';

export interface ProjectListParams {
  searchText?: string;
  page?: number;
  limit?: number;
  sort?: 'recent';
}

/** The query string of GET /projects; the search text is left out when empty (spec §7). */
export function projectListQuery(params: ProjectListParams, appVersion: string): string {
  const query = new URLSearchParams();
  const searchText = params.searchText?.trim();
  if (searchText) query.set('searchText', searchText);
  query.set('limit', String(params.limit ?? PROJECT_LIST_PAGE_SIZE));
  query.set('page', String(params.page ?? 1));
  query.set('appVersion', appVersion);
  if (params.sort) query.set('sort', params.sort);
  return query.toString();
}

/** The dashboard's 'Aktuell': the projects opened last, at most three, newest first (spec §2/§9). */
export const RECENT_PROJECTS_PARAMS = {
  sort: 'recent',
  limit: RECENT_PROJECTS_KEPT,
  page: 1,
} as const satisfies ProjectListParams;
