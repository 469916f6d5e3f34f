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

/** Whether an 'updateData' event changed the office's roles, which every open project shows. */
export function rolesChangedAfterUpdate(payload: unknown): boolean {
  if (!payload || typeof payload !== 'object') return false;
  return (payload as UpdateDataPayload).roles === true;
}

/** An 'unauthorized' event ends the session unless the server only failed to check the token. */
export function unauthorizedEndsSession(data: unknown): boolean {
  const type = data && typeof data === 'object' && 'type' in data ? data.type : undefined;
  return type !== 'unavailable';
}
