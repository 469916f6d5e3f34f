import { appError, DEFAULT_NAMING_KEY, errors, parseNamingPattern, type NamingKey } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { findProject } from '../projects/queries.ts';
import type { Actor } from '../offices/access.ts';
import { namingKeyOfProject, saveNamingKey } from './queries.ts';

/** The project's naming key; without one the common conventions are recognised. */
export async function projectNamingKey(db: Db, projectId: string): Promise<NamingKey> {
  return (await namingKeyOfProject(db, projectId)) ?? DEFAULT_NAMING_KEY;
}

export async function getNamingKey({ db }: Pick<Deps, 'db'>, actor: Actor, projectId: string): Promise<NamingKey> {
  if (!(await findProject(db, actor, projectId))) throw errors.notFound();
  return projectNamingKey(db, projectId);
}

/** A pattern that cannot describe a name (no number, unknown field, fields without separator) is refused. */
export async function updateNamingKey(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  projectId: string,
  body: NamingKey,
): Promise<NamingKey> {
  const pattern = body.pattern?.trim() || null;
  if (pattern) {
    const parsed = parseNamingPattern(pattern);
    if (!parsed.ok) throw appError(parsed.problem, 400, parsed.field ? { field: parsed.field } : undefined);
  }
  const key: NamingKey = { pattern, indexStyle: body.indexStyle };
  await deps.db.transaction().execute(async (tx) => {
    if (!(await findProject(tx, actor, projectId))) throw errors.notFound();
    await saveNamingKey(tx, projectId, key, actor.userId);
  });
  return key;
}
