import { sql } from 'kysely';
import type { ChangeScope, ProjectChangeEvent } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { loadBundleSlice } from './bundle-slice.ts';
import { scopeOfChanges } from './change-scope.ts';

export type ChangedEntity =
  | 'project'
  | 'phase'
  | 'folder'
  | 'doc'
  | 'version'
  | 'participant'
  | 'participantfolder'
  | 'subscription'
  | 'role'
  | 'delivery'
  | 'file'
  | 'download'
  | 'receipt';

export interface Change {
  projectId: string;
  entity: ChangedEntity;
  id: string;
  /** Set when the project list itself changed (create, delete, rename). */
  projects?: true;
  /** The rows it touched, where the announcer knows them better than entity and id tell (null: too many). */
  scope?: ChangeScope | null;
}

/** How many numbered changes a project keeps for sessions that missed some (GET /project/:id/changes). */
export const KEPT_CHANGES = 500;

type ChangeDeps = Pick<Deps, 'db' | 'realtime'> & Partial<Pick<Deps, 'log'>>;

/** Tells the open sessions that may see the project what changed; call only after the transaction committed. */
export function announceChange(deps: ChangeDeps, actor: { officeId: string }, change: Change): Promise<void> {
  return announceChanges(deps, actor, [change]);
}

/**
 * The changes of one transaction, as one event per project: numbered, with the rows they touched
 * read in the transaction that takes the number, so that a later number always carries later rows.
 * A failure here never fails the request (its change is committed): the event then carries no
 * rows, and sessions read the project again.
 */
export async function announceChanges(
  deps: ChangeDeps,
  { officeId }: { officeId: string },
  changes: readonly Change[],
): Promise<void> {
  const byProject = new Map<string, Change[]>();
  for (const c of changes) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c]);
  for (const [projectId, ofProject] of byProject) {
    const first = ofProject[0]!;
    const payload = await numberedChange(deps, officeId, projectId, ofProject).catch((err: unknown) => {
      deps.log?.warn({ err: (err as Error).message, projectId }, 'live change could not be numbered');
      return {};
    });
    const projects = ofProject.some((c) => c.projects) ? { projects: true as const } : {};
    deps.realtime.toProject(officeId, projectId, 'updateData', {
      projectId,
      entity: first.entity,
      id: first.id,
      ...projects,
      ...payload,
    });
  }
}

/** The project's next number and the rows; nothing for a project that is gone. */
async function numberedChange(
  { db }: ChangeDeps,
  officeId: string,
  projectId: string,
  changes: readonly Change[],
): Promise<Partial<Pick<ProjectChangeEvent, 'seq' | 'slice'>>> {
  return db.transaction().execute(async (tx) => {
    // The row lock orders the announcements of a project until this transaction ends.
    const numbered = await tx
      .updateTable('project')
      .set({ change_seq: sql`change_seq + 1` })
      .where('id', '=', projectId)
      .where('office_id', '=', officeId)
      .returning('change_seq')
      .executeTakeFirst();
    if (!numbered) return {};
    const seq = Number(numbered.change_seq);
    const scope = await scopeOfChanges(tx, changes);
    await tx
      .insertInto('project_change')
      .values({ project_id: projectId, seq: String(seq), scope: JSON.stringify(scope) })
      .execute();
    await tx
      .deleteFrom('project_change')
      .where('project_id', '=', projectId)
      .where('seq', '<=', String(seq - KEPT_CHANGES))
      .execute();
    const slice = scope === null ? null : await loadBundleSlice(tx, officeId, projectId, scope);
    return { seq, slice };
  });
}

/** Removes stored file contents after their rows are gone; a missing object is no failure. */
export async function removeStoredFiles(
  { storage, log }: Pick<Deps, 'storage' | 'log'>,
  storageKeys: readonly string[],
): Promise<void> {
  for (const key of storageKeys) {
    try {
      await storage.remove(key);
    } catch (err) {
      log.warn({ err: (err as Error).message, key }, 'stored file could not be removed');
    }
  }
}
