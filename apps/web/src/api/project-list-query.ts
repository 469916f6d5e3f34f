import {
  PROJECT_LIST_PAGE_SIZE,
  RECENT_PROJECTS_KEPT,
  type ProjectDto,
  type ProjectListResponse,
} from '@plankurier/shared';

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

const openedTime = (project: ProjectDto) => (project.openedAt ? Date.parse(project.openedAt) : -Infinity);

/**
 * The recent list once the server has marked `opened` as opened (its bundle carries the new
 * openedAt): newest first as the server sorts, so answers that arrive out of order still line up.
 */
export function withOpenedProject(recent: ProjectListResponse, opened: ProjectDto): ProjectListResponse {
  const projects = [opened, ...recent.projects.filter((p) => p._id !== opened._id)]
    .sort((a, b) => openedTime(b) - openedTime(a))
    .slice(0, RECENT_PROJECTS_KEPT);
  return { ...recent, projects };
}
