import type { MsgCode } from './msg-codes.ts';

export interface PhaseDraft {
  shortcut: string;
  name: string;
}

/**
 * Problems of the phases in an editor form, by row: name and shortcut required, a shortcut used
 * twice in the form ('Mehrfach vergeben') or already used by another phase of the project
 * ('Das Kürzel gibt es bereits'). Shortcuts compare ignoring case and surrounding spaces.
 */
export function phaseFormProblems(
  drafts: readonly PhaseDraft[],
  existingShortcuts: readonly string[] = [],
): { name?: MsgCode; shortcut?: MsgCode }[] {
  const key = (s: string) => s.trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const d of drafts) if (key(d.shortcut)) counts.set(key(d.shortcut), (counts.get(key(d.shortcut)) ?? 0) + 1);
  const existing = new Set(existingShortcuts.map(key));
  return drafts.map((d) => {
    const problems: { name?: MsgCode; shortcut?: MsgCode } = {};
    if (!d.name.trim()) problems.name = 'phase.name_required';
    const k = key(d.shortcut);
    if (!k) problems.shortcut = 'phase.shortcut_required';
    else if ((counts.get(k) ?? 0) > 1) problems.shortcut = 'phase.shortcut_duplicate';
    else if (existing.has(k)) problems.shortcut = 'phase.shortcut_taken';
    return problems;
  });
}

/** Moves the item at `from` to `to` and returns the ids in their new order (sortOrder = position). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [moved] = result.splice(from, 1);
  if (moved === undefined) return result;
  result.splice(Math.max(0, Math.min(to, result.length)), 0, moved);
  return result;
}
