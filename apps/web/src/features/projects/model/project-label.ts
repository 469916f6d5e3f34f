/** 'number | name' as in the nav bar headline and the dashboard (spec §2); either part alone when the other is empty. */
export function projectLabel(project: { number: string; name: string }): string {
  return [project.number.trim(), project.name.trim()].filter(Boolean).join(' | ');
}

/** The delete dialog's check: the typed text must be the project number (surrounding spaces ignored). */
export const numberConfirmed = (typed: string, projectNumber: string) => typed.trim() === projectNumber.trim();
