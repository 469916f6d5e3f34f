import type {
  ContactBody,
  ContactDto,
  ContactListResponse,
  ContactValidationResult,
  ImportInfo,
  ImportUndoPreview,
  ImportUndoResult,
} from '@plankurier/shared';
import { apiRequest, apiUpload } from './client';
import { contactListQuery, type ContactListParams } from './contact-list-query';
import { dtoSchema } from './dto-schema';

const id = (value: string) => encodeURIComponent(value);

/** What the contact form sends (POST /contact, PUT /contact/:id). */
export type ContactInput = Omit<ContactBody, 'projectId' | 'folderId'>;

export const contactApi = {
  validate: (validationCode: string): Promise<ContactValidationResult> =>
    apiRequest('POST', '/contact/validate', {
      body: { validationCode },
      auth: false,
      schema: dtoSchema<ContactValidationResult>('validated', 'office'),
    }),
  list: (params: ContactListParams): Promise<ContactListResponse> =>
    apiRequest('GET', `/contacts?${contactListQuery(params)}`, {
      schema: dtoSchema<ContactListResponse>('contacts', 'pages'),
    }),
  /** With projectId and folderId the new contact also becomes a participant of that project. */
  create: (body: ContactInput & { projectId?: string; folderId?: string }): Promise<ContactDto> =>
    apiRequest('POST', '/contact', { body, schema: dtoSchema<ContactDto>('_id') }),
  update: (contactId: string, body: ContactInput & { rev?: number }): Promise<ContactDto> =>
    apiRequest('PUT', `/contact/${id(contactId)}`, { body, schema: dtoSchema<ContactDto>('_id') }),
  remove: (contactId: string): Promise<void> => apiRequest('DELETE', `/contact/${id(contactId)}`),
  /** Mails the contact a link that confirms its address. */
  requestValidation: (contactId: string): Promise<ContactDto> =>
    apiRequest('POST', `/contact/validate/${id(contactId)}`, { schema: dtoSchema<ContactDto>('_id') }),
  searchCompanies: (searchText: string): Promise<{ companies: string[] }> =>
    apiRequest('POST', '/companies/search', {
      body: { searchText },
      schema: dtoSchema<{ companies: string[] }>('companies'),
    }),
};

export const contactImportApi = {
  start: (file: File): Promise<{ importInfo: ImportInfo }> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiUpload('/contacts', form, { schema: dtoSchema<{ importInfo: ImportInfo }>('importInfo') });
  },
  info: (): Promise<{ importInfo: ImportInfo | null }> =>
    apiRequest('GET', '/contacts/import', { schema: dtoSchema<{ importInfo: ImportInfo | null }>('importInfo') }),
  reset: (): Promise<void> => apiRequest('PUT', '/contacts/import/reset'),
  /** What taking the import back would remove and keep, by name. */
  undoPreview: (importId: string): Promise<ImportUndoPreview> =>
    apiRequest('GET', `/contacts/import/${id(importId)}/undo-preview`, {
      schema: dtoSchema<ImportUndoPreview>('remove', 'keep'),
    }),
  remove: (importId: string): Promise<ImportUndoResult> =>
    apiRequest('DELETE', `/contacts/import/${id(importId)}`, {
      schema: dtoSchema<ImportUndoResult>('removed', 'kept'),
    }),
};
