import { apiRequest } from './client';

export const projectApi = {
  /** The project screen arrives with the projects issue; until then every id answers 404. */
  exists: (projectId: string): Promise<void> => apiRequest('GET', `/project/${encodeURIComponent(projectId)}`),
};
