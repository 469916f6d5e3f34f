import type {
  ParticipantDto,
  ParticipantFolderDto,
  ProjectContactsBody,
  ProjectContactsResponse,
  RoleDto,
  StandingSubscriptionBody,
  StandingSubscriptionsResponse,
  SubscriptionBody,
  SubscriptionResponse,
  SubscriptionsResponse,
} from '@plankurier/shared';
import { apiRequest } from './client';
import { dtoSchema } from './dto-schema';

const id = (value: string) => encodeURIComponent(value);

export const participantApi = {
  add: (body: { projectId: string; contactId: string; folderId: string }): Promise<ParticipantDto> =>
    apiRequest('POST', '/participant', { body, schema: dtoSchema<ParticipantDto>('_id') }),
  update: (participantId: string, body: { folderId?: string; roleIds?: string[] }): Promise<void> =>
    apiRequest('PUT', `/participant/${id(participantId)}`, { body }),
  remove: (participantId: string): Promise<void> => apiRequest('DELETE', `/participant/${id(participantId)}`),
  /** Starts the office's link lifetime again for every working link of the participant. */
  renewLinks: (participantId: string): Promise<{ renewed: number }> =>
    apiRequest('POST', `/participant/${id(participantId)}/links/renew`),
  /** Moves the participants into the folder, in this order. */
  order: (folderId: string, participantIds: string[]): Promise<void> =>
    apiRequest('PUT', '/participants/order', { body: { folderId, participantIds } }),
  /** The picker: the office's contacts not yet in the project. */
  pick: (projectId: string, body: Partial<ProjectContactsBody>): Promise<ProjectContactsResponse> =>
    apiRequest('POST', `/project/contacts/${id(projectId)}`, {
      body,
      schema: dtoSchema<ProjectContactsResponse>('contacts', 'total'),
    }),
};

export const participantFolderApi = {
  create: (body: { projectId: string; name: string }): Promise<ParticipantFolderDto> =>
    apiRequest('POST', '/participant-folder', { body, schema: dtoSchema<ParticipantFolderDto>('_id') }),
  update: (folderId: string, body: { name?: string; isCollapsed?: boolean; rev?: number }): Promise<void> =>
    apiRequest('PUT', `/participant-folder/${id(folderId)}`, { body }),
  remove: (folderId: string): Promise<void> => apiRequest('DELETE', `/participant-folder/${id(folderId)}`),
  order: (projectId: string, folderIds: string[]): Promise<void> =>
    apiRequest('PUT', '/participant-folders/order', { body: { projectId, folderIds } }),
};

export const roleApi = {
  create: (name: string): Promise<RoleDto> =>
    apiRequest('POST', '/role', { body: { name }, schema: dtoSchema<RoleDto>('_id') }),
  /** `rev`: the role's revision as the user saw it (a colleague's rename since answers 409). */
  rename: (roleId: string, name: string, rev?: number): Promise<RoleDto> =>
    apiRequest('PUT', `/role/${id(roleId)}`, { body: { name, rev }, schema: dtoSchema<RoleDto>('_id') }),
  remove: (roleId: string): Promise<void> => apiRequest('DELETE', `/role/${id(roleId)}`),
};

export const subscriptionApi = {
  set: (body: SubscriptionBody): Promise<SubscriptionResponse> =>
    apiRequest('PUT', '/subscription', { body, schema: dtoSchema<SubscriptionResponse>('sub') }),
  setMany: (items: SubscriptionBody[]): Promise<SubscriptionsResponse> =>
    apiRequest('PUT', '/subscriptions', { body: { items }, schema: dtoSchema<SubscriptionsResponse>('changed') }),
};

/** 'alle Pläne dieses Ordners' (or of a phase), also for plans added later; a rule removed alone. */
export const standingSubscriptionApi = {
  set: (items: StandingSubscriptionBody[]): Promise<StandingSubscriptionsResponse> =>
    apiRequest('PUT', '/standing-subscriptions', {
      body: { items },
      schema: dtoSchema<StandingSubscriptionsResponse>('rules'),
    }),
  remove: (ruleId: string): Promise<void> => apiRequest('DELETE', `/standing-subscription/${id(ruleId)}`),
};

/** One item goes to the single route, more to the bulk route. */
export const applySubscriptionItems = (items: SubscriptionBody[]): Promise<unknown> =>
  items.length === 1 ? subscriptionApi.set(items[0]!) : subscriptionApi.setMany(items);
