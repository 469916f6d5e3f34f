import {
  expandBundle,
  type CompactBundle,
  type DocDeletionCheck,
  type DocDto,
  type DocFolderDto,
  type Doctype,
  type FolderCategory,
  type PhaseDto,
  type PhaseTemplate,
  type ProjectBundle,
  type ProjectChangesResponse,
  type ProjectDto,
  type ProjectListResponse,
  type VersionDto,
} from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';
import { projectLoadPath } from './project-load-path';
import { projectListQuery, type ProjectListParams } from './project-list-query';

const id = (value: string) => encodeURIComponent(value);

export const projectApi = {
  list: (params: ProjectListParams): Promise<ProjectListResponse> =>
    apiRequest('GET', `/projects?${projectListQuery(params, __APP_VERSION__)}`, {
      schema: dtoSchema<ProjectListResponse>('projects', 'pages'),
    }),
  /** Asks for the compact wire form (a large project's subscriptions as arrays) and expands it. */
  bundle: async (projectId: string): Promise<ProjectBundle> =>
    expandBundle(
      await apiRequest('GET', projectLoadPath(projectId), {
        schema: dtoSchema<CompactBundle>('project', 'phases', 'docs', 'subs'),
      }),
    ),
  /** What changed since the change numbered `since` (live sync after a gap or an own change). */
  changes: (projectId: string, since: number): Promise<ProjectChangesResponse> =>
    apiRequest('GET', `/project/${id(projectId)}/changes?since=${since}`, {
      schema: dtoSchema<ProjectChangesResponse>('seq'),
    }),
  create: (body: { number: string; name: string; phaseTemplate: PhaseTemplate }): Promise<ProjectDto> =>
    apiRequest('POST', '/project', { body, schema: dtoSchema<ProjectDto>('_id') }),
  update: (projectId: string, body: { number?: string; name?: string; rev?: number }): Promise<void> =>
    apiRequest('PUT', `/project/${id(projectId)}`, { body }),
  remove: (projectId: string): Promise<void> => apiRequest('DELETE', `/project/${id(projectId)}`),
};

export const phaseApi = {
  create: (body: { projectId: string; shortcut: string; name: string }): Promise<PhaseDto> =>
    apiRequest('POST', '/phase', { body, schema: dtoSchema<PhaseDto>('_id') }),
  update: (phaseId: string, body: { shortcut?: string; name?: string; rev?: number }): Promise<void> =>
    apiRequest('PUT', `/phase/${id(phaseId)}`, { body }),
  remove: (phaseId: string): Promise<void> => apiRequest('DELETE', `/phase/${id(phaseId)}`),
  order: (projectId: string, phaseIds: string[]): Promise<void> =>
    apiRequest('PUT', '/phases/order', { body: { projectId, phaseIds } }),
};

export const folderApi = {
  create: (body: { phaseId: string; name: string; category: FolderCategory }): Promise<DocFolderDto> =>
    apiRequest('POST', '/folder', { body, schema: dtoSchema<DocFolderDto>('_id') }),
  update: (
    folderId: string,
    body: { name?: string; isCollapsed?: boolean; isCollapsedInPicker?: boolean; rev?: number },
  ): Promise<void> => apiRequest('PUT', `/folder/${id(folderId)}`, { body }),
  remove: (folderId: string): Promise<void> => apiRequest('DELETE', `/folder/${id(folderId)}`),
  collapseMany: (changes: { _id: string; isCollapsed: boolean }[]): Promise<void> =>
    apiRequest('PUT', '/folders', { body: changes }),
  order: (phaseId: string, folderIds: string[]): Promise<void> =>
    apiRequest('PUT', '/folders/order', { body: { phaseId, folderIds } }),
};

export const docApi = {
  create: (body: { folderId: string; doctype: Doctype; number: string; name: string }): Promise<DocDto> =>
    apiRequest('POST', '/doc', { body, schema: dtoSchema<DocDto>('_id') }),
  update: (docId: string, body: { number?: string; name?: string; rev?: number }): Promise<void> =>
    apiRequest('PUT', `/doc/${id(docId)}`, { body }),
  remove: (docId: string): Promise<void> => apiRequest('DELETE', `/doc/${id(docId)}`),
  /** Asked before a delete: how many recipients have the plan (then the delete withdraws it for them). */
  deletionCheck: (docId: string): Promise<DocDeletionCheck> =>
    apiRequest('GET', `/doc/${id(docId)}/deletion`, { schema: dtoSchema<DocDeletionCheck>('recipients') }),
  /** Moves the docs into the folder, in this order. */
  order: (folderId: string, docIds: string[]): Promise<void> =>
    apiRequest('PUT', '/docs/order', { body: { folderId, docIds } }),
};

export const versionApi = {
  create: (body: { docId: string; index: string; comment: string }): Promise<VersionDto> =>
    apiRequest('POST', '/version', { body, schema: dtoSchema<VersionDto>('_id') }),
  update: (
    versionId: string,
    body: { index?: string; comment?: string; downloadsEnabled?: boolean; rev?: number },
  ): Promise<void> => apiRequest('PUT', `/version/${id(versionId)}`, { body }),
  remove: (versionId: string): Promise<void> => apiRequest('DELETE', `/version/${id(versionId)}`),
  release: (versionId: string): Promise<void> => apiRequest('POST', `/version/${id(versionId)}/release`),
  releaseMany: (versionIds: string[]): Promise<void> =>
    apiRequest('POST', '/versions/release', { body: { versionIds } }),
};

export const fileApi = {
  remove: (fileId: string): Promise<void> => apiRequest('DELETE', `/file/${id(fileId)}`),
  downloadLink: (fileId: string): Promise<{ url: string }> =>
    apiRequest('POST', `/file/${id(fileId)}/download-link`, { schema: dtoSchema<{ url: string }>('url') }),
};
