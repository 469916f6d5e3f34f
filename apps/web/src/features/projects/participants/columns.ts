import type { ColumnShownFrom, ListGrid } from '../folders/FolderGroupList';

/**
 * The participant list's columns: delivery and download dots, handle, name, company, e-mail, roles,
 * plans, actions. A narrow list leaves e-mail and roles to the participant's panel.
 */
const ALL_COLUMNS =
  '1.5rem 1.75rem minmax(8rem, 1.2fr) minmax(6rem, 1fr) minmax(10rem, 1.5fr) minmax(6rem, 0.9fr) 3.5rem 1.75rem';
export const PARTICIPANT_GRID: ListGrid = {
  wide: ALL_COLUMNS,
  medium: ALL_COLUMNS,
  narrow: '1.5rem 1.75rem minmax(0, 1.3fr) minmax(0, 1fr) 2.75rem 1.75rem',
};

export const PARTICIPANT_COLUMNS = ['name', 'company', 'email', 'roles', 'plans'] as const;
/** The columns only wider lists show. */
export const PARTICIPANT_COLUMNS_SHOWN_FROM: Partial<Record<string, ColumnShownFrom>> = {
  email: 'medium',
  roles: 'medium',
};
