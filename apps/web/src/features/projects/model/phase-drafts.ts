import type { PhaseDto } from '@plankurier/shared';

export interface PhaseDraftRow {
  _id: string;
  shortcut: string;
  name: string;
  /** The phase's revision when the draft was taken: a colleague's edit since makes the save a conflict. */
  rev: number;
}

export const draftsOf = (phases: readonly PhaseDto[]): PhaseDraftRow[] =>
  phases.map(({ _id, shortcut, name, rev }) => ({ _id, shortcut, name, rev }));

/**
 * The PUT /phase/:id bodies for rows whose shortcut or name changed (trimmed), with the revision the
 * draft was taken at; nothing for unchanged ones.
 */
export function phaseChanges(phases: readonly PhaseDto[], drafts: readonly PhaseDraftRow[]) {
  const byId = new Map(phases.map((p) => [p._id, p]));
  const changes: { _id: string; body: { shortcut?: string; name?: string; rev: number } }[] = [];
  for (const draft of drafts) {
    const phase = byId.get(draft._id);
    if (!phase) continue;
    const fields: { shortcut?: string; name?: string } = {};
    if (draft.shortcut.trim() !== phase.shortcut) fields.shortcut = draft.shortcut.trim();
    if (draft.name.trim() !== phase.name) fields.name = draft.name.trim();
    if (Object.keys(fields).length) changes.push({ _id: draft._id, body: { ...fields, rev: draft.rev } });
  }
  return changes;
}
