import { UserSchema, type User } from '@plankurier/shared';

/** What an 'updateData' event may carry for the session. */
export interface UpdateDataPayload {
  validated?: unknown;
  user?: unknown;
  projects?: unknown;
  contacts?: unknown;
  archives?: unknown;
  /** A change inside one project: { projectId, entity, id }. */
  projectId?: unknown;
  entity?: unknown;
  id?: unknown;
  /** The office's role list changed (it is part of every project bundle). */
  roles?: unknown;
  /** With projectId: the person was taken off that project's team. */
  removed?: unknown;
  /** The office's company or address changed (every member's profile shows them). */
  office?: unknown;
  /** The person's profile changed outside this session (a BCC or Reply-To address was confirmed). */
  profile?: unknown;
}

/**
 * The profile after an 'updateData' event, or null when the event does not change it.
 * A full `user` replaces the profile; a `validated` flag is stored on it.
 */
export function userAfterUpdate(current: User | null, payload: unknown): User | null {
  if (!payload || typeof payload !== 'object') return null;
  const data = payload as UpdateDataPayload;
  let next: User | null = null;
  if (data.user !== undefined) {
    const parsed = UserSchema.safeParse(data.user);
    if (parsed.success) next = parsed.data;
  }
  const base = next ?? current;
  if (base && typeof data.validated === 'boolean' && base.validated !== data.validated) {
    next = { ...base, validated: data.validated };
  }
  return next;
}

/** Which cached lists an 'updateData' event makes stale. */
export function staleListsAfterUpdate(payload: unknown): Array<'projects' | 'contacts'> {
  if (!payload || typeof payload !== 'object') return [];
  const data = payload as UpdateDataPayload;
  const stale: Array<'projects' | 'contacts'> = [];
  const projectItself = typeof data.projectId === 'string' && data.entity === 'project';
  if (data.projects !== undefined || data.archives !== undefined || projectItself) stale.push('projects');
  if (data.contacts !== undefined) stale.push('contacts');
  return stale;
}

/** The project whose cached bundle an 'updateData' event makes stale, or null. */
export function staleProjectAfterUpdate(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const { projectId } = payload as UpdateDataPayload;
  return typeof projectId === 'string' && projectId ? projectId : null;
}

/**
 * The project whose timeline an 'updateData' event makes stale, or null: every change inside a
 * project (docs, versions, files, participants, subscriptions, deliveries) may have written an event.
 */
export function staleTimelineAfterUpdate(payload: unknown): string | null {
  return staleProjectAfterUpdate(payload);
}

/** The project whose deliveries an 'updateData' event changed (a colleague's stop, a new send), or null. */
export function deliveryChangedAfterUpdate(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object' || (payload as UpdateDataPayload).entity !== 'delivery') return null;
  return staleProjectAfterUpdate(payload);
}

/** Whether an 'updateData' event changed the office's roles, which every open project shows. */
export function rolesChangedAfterUpdate(payload: unknown): boolean {
  if (!payload || typeof payload !== 'object') return false;
  return (payload as UpdateDataPayload).roles === true;
}

/** A project the person may no longer see (taken off its team), or null. */
export function removedProjectAfterUpdate(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object' || (payload as UpdateDataPayload).removed !== true) return null;
  return staleProjectAfterUpdate(payload);
}

/**
 * Whether an 'updateData' event makes the profile stale, so it must be read again: the office
 * itself changed (company, address), or the person's profile changed elsewhere.
 */
export function profileStaleAfterUpdate(payload: unknown): boolean {
  if (!payload || typeof payload !== 'object') return false;
  const data = payload as UpdateDataPayload;
  return data.office === true || data.profile === true;
}

const unauthorizedType = (data: unknown) =>
  data && typeof data === 'object' && 'type' in data ? data.type : undefined;

/** An 'unauthorized' event ends the session unless the server only failed to check the token. */
export function unauthorizedEndsSession(data: unknown): boolean {
  return unauthorizedType(data) !== 'unavailable';
}

/** Why an 'unauthorized' event ended the session: removed from the office, else the token is gone. */
export const unauthorizedReason = (data: unknown): 'removed' | 'expired' =>
  unauthorizedType(data) === 'removed' ? 'removed' : 'expired';
