import { errors, mergeScopes, type ChangeScope, type ProjectChangesResponse } from '@plankurier/shared';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../offices/access.ts';
import { loadBundleSlice } from './bundle-slice.ts';
import { findProject } from './queries.ts';

/**
 * What changed in a project after the session's number `since`, as one slice: a session that missed
 * events (a reconnect, a lost packet) catches up with this instead of the whole project. Older than
 * the kept changes, or too wide for rows: slice null, the session reads the project again.
 */
export async function changesSince(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  projectId: string,
  since: number,
): Promise<ProjectChangesResponse> {
  const project = await findProject(db, actor, projectId);
  if (!project) throw errors.notFound();
  const seq = Number(project.change_seq);
  if (since >= seq) return { seq, slice: since === seq ? { scope: {}, rows: {} } : null };
  const kept = await db
    .selectFrom('project_change')
    .select('scope')
    .where('project_id', '=', projectId)
    .where(sql<boolean>`seq > ${since} and seq <= ${seq}`)
    .execute();
  if (kept.length !== seq - since) return { seq, slice: null };
  const scope = mergeScopes(kept.map((k) => k.scope as ChangeScope | null));
  // Read after the number: whatever changed meanwhile is in the rows and in later events, applied again to the same result.
  return { seq, slice: scope === null ? null : await loadBundleSlice(db, actor.officeId, projectId, scope) };
}
