import { requireRole, seesAllProjects, type Actor } from '../offices/access.ts';
import { addProjectMember } from '../offices/queries.ts';
import {
  APP_VERSION,
  TIERS,
  appNeedsUpdate,
  compactEntities,
  defaultPhaseTemplate,
  errors,
  templatePhases,
  withinLimit,
  type CompactBundle,
  type ProjectBody,
  type ProjectBundle,
  type ProjectDto,
  type ProjectListQuery,
  type ProjectListResponse,
  type ProjectUpdateBody,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { compactSubs } from './compact-subs.ts';
import { claimRevision } from '../revisions/revision.ts';
import { isUniqueViolation, localeOf } from '../users/queries.ts';
import { insertPhaseWithDefaultFolders } from '../phases/queries.ts';
import { insertDefaultParticipantFolders } from '../participant-folders/queries.ts';
import { loadParticipantRows, subscriptionGroups, subscriptionRows } from '../participants/queries.ts';
import { listArchives } from '../archives/service.ts';
import { bundleParts, loadSubscriptionFacts, presentParts } from './bundle-parts.ts';
import { announceChange, removeStoredFiles } from './changes.ts';
import { toProjectDto } from './dto.ts';
import { currentFilesByDoc } from '../subscriptions/deliver-state.ts';
import { toStandingDto } from '../subscriptions/standing-dto.ts';
import { standingRowsOf } from '../subscriptions/standing-queries.ts';
import {
  changeSeqOf,
  countProjects,
  deleteProjectRow,
  findProject,
  insertProject,
  listProjects,
  loadProjectRows,
  lockOfficeTier,
  markProjectOpened,
  phaseIdsOfProject,
  projectNumberInUse,
  storageKeysOf,
  updateProjectRow,
} from './queries.ts';

type ProjectDeps = Pick<Deps, 'db' | 'realtime' | 'storage' | 'log'>;

export async function listOfficeProjects(
  { db }: ProjectDeps,
  actor: Actor,
  query: z.infer<typeof ProjectListQuery>,
): Promise<ProjectListResponse> {
  const { rows, count, total } = await listProjects(db, actor, query);
  return {
    projects: rows.map((row) => toProjectDto(row, row.phase_ids)),
    count,
    total,
    page: query.page,
    pages: Math.ceil(count / query.limit),
    limit: query.limit,
    appVersion: APP_VERSION,
    appNeedsUpdate: appNeedsUpdate(query.appVersion),
  };
}

export async function createProject(
  deps: ProjectDeps,
  actor: Actor,
  body: z.infer<typeof ProjectBody>,
): Promise<ProjectDto> {
  if (!body.number) throw errors.projectNumberRequired();
  const project = await uniqueNumber(() =>
    deps.db.transaction().execute(async (tx) => {
      const { tier } = await lockOfficeTier(tx, actor.officeId);
      if (!withinLimit(TIERS[tier].features.maxNumberOfProjects, await countProjects(tx, actor.officeId)))
        throw errors.tierLimitReached();
      if (await projectNumberInUse(tx, actor.officeId, body.number)) throw errors.projectNumberTaken();
      const row = await insertProject(tx, { office_id: actor.officeId, number: body.number, name: body.name });
      // A member who creates a project works in it; owners and admins see every project anyway.
      if (!seesAllProjects(actor)) await addProjectMember(tx, row.id, actor.userId, actor.userId);
      const locale = await localeOf(tx, actor.userId);
      const template = body.phaseTemplate ?? defaultPhaseTemplate(locale);
      for (const phase of templatePhases(template, locale))
        await insertPhaseWithDefaultFolders(tx, row.id, phase, locale);
      await insertDefaultParticipantFolders(tx, row.id, locale);
      return toProjectDto(row, await phaseIdsOfProject(tx, row.id));
    }),
  );
  if (!seesAllProjects(actor)) deps.realtime.joinProject(actor.officeId, actor.userId, project._id);
  await announceChange(deps, actor, { projectId: project._id, entity: 'project', id: project._id, projects: true });
  return project;
}

export async function updateProject(
  deps: ProjectDeps,
  actor: Actor,
  projectId: string,
  body: z.infer<typeof ProjectUpdateBody>,
): Promise<ProjectDto> {
  if (body.number !== undefined && !body.number) throw errors.projectNumberRequired();
  const project = await uniqueNumber(() =>
    deps.db.transaction().execute(async (tx) => {
      if (!(await findProject(tx, actor, projectId))) throw errors.notFound();
      await claimRevision(tx, { table: 'project', id: projectId, seen: body.rev, userId: actor.userId }, async () =>
        toProjectDto((await findProject(tx, actor, projectId))!, await phaseIdsOfProject(tx, projectId)),
      );
      if (body.number && (await projectNumberInUse(tx, actor.officeId, body.number, projectId)))
        throw errors.projectNumberTaken();
      const row = await updateProjectRow(tx, actor, projectId, { number: body.number, name: body.name });
      if (!row) throw errors.notFound();
      return toProjectDto(row, await phaseIdsOfProject(tx, row.id));
    }),
  );
  await announceChange(deps, actor, { projectId, entity: 'project', id: projectId, projects: true });
  return project;
}

/** Deletes the project with everything in it; the stored files go after the commit. */
export async function deleteProject(deps: ProjectDeps, actor: Actor, projectId: string): Promise<void> {
  if (!seesAllProjects(actor) && !(await findProject(deps.db, actor, projectId))) throw errors.notFound();
  requireRole(actor, 'owner', 'admin');
  const storageKeys = await deps.db.transaction().execute(async (tx) => {
    const keys = await storageKeysOf(tx, actor, { projectId });
    if (!(await deleteProjectRow(tx, actor, projectId))) throw errors.notFound();
    return keys;
  });
  await announceChange(deps, actor, { projectId, entity: 'project', id: projectId, projects: true });
  await removeStoredFiles(deps, storageKeys);
}

/**
 * Everything the project screen shows, in one response: one query per table, joined in memory with
 * maps, so the time stays flat however many plans the project holds. Marks the project as opened.
 * All queries run side by side, the mark included: the row queries are scoped by the office
 * themselves, and for another office's project the answer is 404 whatever they found.
 */
export async function openProject(deps: ProjectDeps, actor: Actor, projectId: string): Promise<ProjectBundle> {
  const { changeSeq, project, rows, people, subs, facts, archives, standing } = await loadOpenProject(
    deps,
    actor,
    projectId,
    subscriptionRows,
  );
  const parts = bundleParts(rows, people, subs, facts);
  return {
    archives,
    project: toProjectDto(
      project,
      parts.phases.map((p) => p._id),
    ),
    ...parts,
    standingSubs: standing.map(toStandingDto),
    changeSeq,
  };
}

/**
 * openProject in the compact wire form (bundle-wire.ts): the subscriptions read one row per
 * participant and encoded without an object per subscription.
 */
export async function openProjectCompact(deps: ProjectDeps, actor: Actor, projectId: string): Promise<CompactBundle> {
  const {
    changeSeq,
    project,
    rows,
    people,
    subs: groups,
    facts,
    archives,
    standing,
  } = await loadOpenProject(deps, actor, projectId, subscriptionGroups);
  const withSubs = groups.length > 0;
  const compact = compactSubs({
    groups,
    docIds: rows.docs.map((d) => d.id),
    currentFiles: withSubs ? currentFilesByDoc(rows.versions, rows.files) : new Map(),
    docOfFile: withSubs ? new Map(rows.files.map((f) => [f.id, f.doc_id])) : new Map(),
    ...facts,
  });
  const parts = presentParts(rows, people, facts, compact.deliverOfDoc, compact.deliverOfParticipant);
  return {
    archives,
    project: toProjectDto(
      project,
      parts.phases.map((p) => p._id),
    ),
    ...parts,
    standingSubs: standing.map(toStandingDto),
    changeSeq,
    form: 'compact',
    ...compactEntities(parts),
    subs: compact.subs,
  };
}

/** The reads of both forms, side by side; only the subscriptions' differ. */
async function loadOpenProject<S>(
  { db }: ProjectDeps,
  actor: Actor,
  projectId: string,
  readSubs: (db: Db, actor: Actor, projectId: string) => Promise<S>,
) {
  // Read before the rows: a change committed meanwhile is then both in the rows and after this number
  // (applied twice, to the same result), never in neither.
  const changeSeq = await changeSeqOf(db, projectId);
  const [project, rows, people, subs, facts, archives, standing] = await Promise.all([
    markProjectOpened(db, actor, projectId),
    loadProjectRows(db, actor, projectId),
    loadParticipantRows(db, actor, projectId),
    readSubs(db, actor, projectId),
    loadSubscriptionFacts(db, projectId),
    listArchives({ db }, actor, projectId),
    standingRowsOf(db, actor, projectId),
  ]);
  if (!project) throw errors.notFound();
  return { changeSeq, project, rows, people, subs, facts, archives, standing };
}

/** Two concurrent requests may both pass the check; the unique index decides, with the same answer. */
async function uniqueNumber<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.projectNumberTaken();
    throw err;
  }
}
