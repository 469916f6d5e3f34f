/**
 * Which e-mail events are expanded (spec §4 Timeline: collapsed by default, expandable singly or all).
 * 'All expanded' with exceptions, so that events loaded later follow the last 'Alle auf-/zuklappen'.
 */
export interface ExpansionState {
  allExpanded: boolean;
  /** Events toggled against allExpanded. */
  toggled: ReadonlySet<string>;
}

export const COLLAPSED: ExpansionState = { allExpanded: false, toggled: new Set() };

export const isExpanded = (state: ExpansionState, id: string): boolean => state.allExpanded !== state.toggled.has(id);

export function toggleExpanded(state: ExpansionState, id: string): ExpansionState {
  const toggled = new Set(state.toggled);
  if (toggled.has(id)) toggled.delete(id);
  else toggled.add(id);
  return { allExpanded: state.allExpanded, toggled };
}

export const expandAll = (): ExpansionState => ({ allExpanded: true, toggled: new Set() });
export const collapseAll = (): ExpansionState => COLLAPSED;

/** Whether any of these events is expanded (then 'Alle zuklappen' is offered, else 'Alle aufklappen'). */
export const anyExpanded = (state: ExpansionState, ids: readonly string[]): boolean =>
  ids.some((id) => isExpanded(state, id));
