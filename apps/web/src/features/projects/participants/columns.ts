/** The participant list's columns: delivery and download dots, handle, name, company, e-mail, roles, plans, actions. */
export const PARTICIPANT_GRID =
  '1.5rem 1.75rem minmax(8rem, 1.2fr) minmax(6rem, 1fr) minmax(10rem, 1.5fr) minmax(6rem, 0.9fr) 3.5rem 1.75rem';

export const PARTICIPANT_COLUMNS = ['name', 'company', 'email', 'roles', 'plans'] as const;
