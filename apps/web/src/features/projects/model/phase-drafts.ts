import type { PhaseDto } from '@plankurier/shared';

export interface PhaseDraftRow {
  _id: string;
  shortcut: string;
  name: string;
}

export const draftsOf = (phases: readonly PhaseDto[]): PhaseDraftRow[] =>
  phases.map(({ _id, shortcut, name }) => ({ _id, shortcut, name }));

/** The PUT /phase/:id bodies for rows whose shortcut or name changed (trimmed), nothing for unchanged ones. */
export function phaseChanges(phases: readonly PhaseDto[], drafts: readonly PhaseDraftRow[]) {
  const byId = new Map(phases.map((p) => [p._id, p]));
  const changes: { _id: string; body: { shortcut?: string; name?: string } }[] = [];
  for (const draft of drafts) {
    const phase = byId.get(draft._id);
    if (!phase) continue;
    const body: { shortcut?: string; name?: string } = {};
    if (draft.shortcut.trim() !== phase.shortcut) body.shortcut = draft.shortcut.trim();
    if (draft.name.trim() !== phase.name) body.name = draft.name.trim();
    if (Object.keys(body).length) changes.push({ _id: draft._id, body });
  }
  return changes;
}
