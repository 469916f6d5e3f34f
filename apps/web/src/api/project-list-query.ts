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
  query.set('limit', String(params.limit ?? 20));
  query.set('page', String(params.page ?? 1));
  query.set('appVersion', appVersion);
  if (params.sort) query.set('sort', params.sort);
  return query.toString();
}
