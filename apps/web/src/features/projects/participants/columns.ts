import type { ColumnShownFrom, ListGrid } from '../folders/FolderGroupList';

/**
 * The participant list's columns: delivery and download dots, handle, name, company, e-mail, roles,
 * plans, actions. A narrow list (a phone) puts the number of plans and the company under the name,
 * leaves roles to the participant's panel, and offers the e-mail and phone as links to tap instead of
 * the address.
 */
const ALL_COLUMNS =
  '1.5rem 1.75rem minmax(8rem, 1.2fr) minmax(6rem, 1fr) minmax(10rem, 1.5fr) minmax(6rem, 0.9fr) 3.5rem 1.75rem';
export const PARTICIPANT_GRID: ListGrid = {
  wide: ALL_COLUMNS,
  medium: ALL_COLUMNS,
  narrow: '1.5rem 1.75rem minmax(0, 1fr) auto 1.75rem',
};

export const PARTICIPANT_COLUMNS = ['name', 'company', 'email', 'roles', 'contact', 'plans'] as const;
/** The columns only wider lists show, and the one only narrow lists show. */
export const PARTICIPANT_COLUMNS_SHOWN_FROM: Partial<Record<string, ColumnShownFrom>> = {
  company: 'medium',
  email: 'medium',
  roles: 'medium',
  contact: 'narrowOnly',
  plans: 'medium',
};
