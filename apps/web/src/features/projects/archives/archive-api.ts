import type { ArchiveDto } from '@plankurier/shared';
import { apiRequest } from '../../../api/client';
import { dtoSchema } from '../../../api/dto-schema';

const id = (value: string) => encodeURIComponent(value);

/** Project archives (ZIP): start, delete or cancel, and a short-lived link for the browser download. */
export const archiveApi = {
  create: (body: { projectId: string; pdfOnly: boolean }): Promise<ArchiveDto> =>
    apiRequest('POST', '/archive', { body, schema: dtoSchema<ArchiveDto>('_id', 'status') }),
  remove: (archiveId: string): Promise<void> => apiRequest('DELETE', `/archive/${id(archiveId)}`),
  downloadLink: (archiveId: string): Promise<{ url: string }> =>
    apiRequest('POST', `/archive/${id(archiveId)}/download-link`, { schema: dtoSchema<{ url: string }>('url') }),
};
