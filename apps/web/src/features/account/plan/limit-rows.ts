import type { Features } from '@plankurier/shared';

/** The tier limits as the plan page lists them, with their translation keys. */
export const LIMIT_ROWS: ReadonlyArray<{ key: keyof Features; label: string }> = [
  { key: 'maxNumberOfProjects', label: 'account.plan.projects' },
  { key: 'maxNumberOfDocs', label: 'account.plan.docs' },
  { key: 'maxNumberOfParticipants', label: 'account.plan.participants' },
  { key: 'maxNumberOfUsers', label: 'account.plan.users' },
];
