import type { Actor } from '../offices/access.ts';
import { errors, type PhaseBody, type PhaseDto, type PhaseOrderBody, type PhaseUpdateBody } from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { claimRevision } from '../revisions/revision.ts';
import { isUniqueViolation, localeOf } from '../users/queries.ts';
import { announceChange } from '../projects/changes.ts';
import { toPhaseDtos, type PhaseRow } from '../projects/dto.ts';
import { findProject } from '../projects/queries.ts';
import { applyOrder, assertExactOrder, renumber } from '../projects/sort-order.ts';
import {
  countDocsInPhase,
  deletePhaseRow,
  findPhase,
  foldersOfPhase,
  foldersOfProject,
  insertPhaseWithDefaultFolders,
  phasesOfProject,
  shortcutInUse,
  updatePhaseRow,
} from './queries.ts';

type PhaseDeps = Pick<Deps, 'db' | 'realtime'>;

async function toDto(db: Deps['db'], phase: PhaseRow): Promise<PhaseDto> {
  return toPhaseDtos([phase], await foldersOfPhase(db, phase.id))[0]!;
}

export async function createPhase(deps: PhaseDeps, actor: Actor, body: z.infer<typeof PhaseBody>): Promise<PhaseDto> {
  if (!body.name) throw errors.phaseNameRequired();
  if (!body.shortcut) throw errors.phaseShortcutRequired();
  const phase = await uniqueShortcut(() =>
    deps.db.transaction().execute(async (tx) => {
      if (!(await findProject(tx, actor, body.projectId))) throw errors.notFound();
      if (await shortcutInUse(tx, body.projectId, body.shortcut)) throw errors.phaseShortcutTaken();
      const locale = await localeOf(tx, actor.userId);
      return toDto(tx, await insertPhaseWithDefaultFolders(tx, body.projectId, body, locale));
    }),
  );
  await announceChange(deps, actor, { projectId: phase.project, entity: 'phase', id: phase._id });
  return phase;
}

export async function updatePhase(
  deps: PhaseDeps,
  actor: Actor,
  phaseId: string,
  body: z.infer<typeof PhaseUpdateBody>,
): Promise<PhaseDto> {
  if (body.name !== undefined && !body.name) throw errors.phaseNameRequired();
  if (body.shortcut !== undefined && !body.shortcut) throw errors.phaseShortcutRequired();
  const phase = await uniqueShortcut(() =>
    deps.db.transaction().execute(async (tx) => {
      const found = await findPhase(tx, actor, phaseId);
      if (!found) throw errors.notFound();
      if (body.shortcut && (await shortcutInUse(tx, found.project_id, body.shortcut, phaseId)))
        throw errors.phaseShortcutTaken();
      if (body.name === undefined && body.shortcut === undefined) return toDto(tx, found);
      await claimRevision(tx, { table: 'phase', id: phaseId, seen: body.rev, userId: actor.userId }, async () =>
        toDto(tx, (await findPhase(tx, actor, phaseId))!),
      );
      return toDto(tx, await updatePhaseRow(tx, phaseId, { name: body.name, shortcut: body.shortcut }));
    }),
  );
  await announceChange(deps, actor, { projectId: phase.project, entity: 'phase', id: phase._id });
  return phase;
}

/** Refused while the phase holds plans or documents; its empty folders go with it. */
export async function deletePhase(deps: PhaseDeps, actor: Actor, phaseId: string): Promise<void> {
  const projectId = await deps.db.transaction().execute(async (tx) => {
    const phase = await findPhase(tx, actor, phaseId);
    if (!phase) throw errors.notFound();
    if (await countDocsInPhase(tx, phase.id)) throw errors.phaseNotEmpty();
    await deletePhaseRow(tx, phase.id);
    await renumber(tx, 'phase', phase.project_id);
    return phase.project_id;
  });
  await announceChange(deps, actor, { projectId, entity: 'phase', id: phaseId });
}

/** The new order must name exactly the project's phases; sortOrder becomes the position. */
export async function orderPhases(
  deps: PhaseDeps,
  actor: Actor,
  body: z.infer<typeof PhaseOrderBody>,
): Promise<PhaseDto[]> {
  const phases = await deps.db.transaction().execute(async (tx) => {
    if (!(await findProject(tx, actor, body.projectId))) throw errors.notFound();
    const current = await phasesOfProject(tx, body.projectId);
    assertExactOrder(
      current.map((p) => p.id),
      body.phaseIds,
    );
    await applyOrder(tx, 'phase', body.phaseIds);
    const ordered = await phasesOfProject(tx, body.projectId);
    return toPhaseDtos(ordered, await foldersOfProject(tx, body.projectId));
  });
  await announceChange(deps, actor, { projectId: body.projectId, entity: 'phase', id: body.projectId });
  return phases;
}

async function uniqueShortcut<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.phaseShortcutTaken();
    throw err;
  }
}
