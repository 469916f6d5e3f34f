/** Every TanStack Query key of the web app, so that live updates can invalidate them by name. */
export const queryKeys = {
  user: (token: string | null) => ['user', token] as const,
  userValidation: (code: string) => ['user-validation', code] as const,
  contactValidation: (code: string) => ['contact-validation', code] as const,
  mailAddressConfirmation: (code: string) => ['mail-address-confirmation', code] as const,
  recipientPage: (token: string) => ['recipient-page', token] as const,
  project: (projectId: string) => ['project', projectId] as const,
  /** Every cached project bundle (office-wide changes such as the role list). */
  allProjects: ['project'] as const,
  /** The participant picker of a project (contacts not yet in it). */
  projectContacts: (projectId: string) => ['project-contacts', projectId] as const,
  projects: ['projects'] as const,
  /** Every cached timeline page of a project (both tabs, all filters). */
  timeline: (projectId: string) => ['timeline', projectId] as const,
  contacts: ['contacts'] as const,
  /** The office's message templates for deliveries. */
  templates: ['templates'] as const,
  /** The office's members, open invitations and seats. */
  officeMembers: ['office-members'] as const,
  /** The preview of an invitation link. */
  invitation: (token: string) => ['invitation', token] as const,
  /** The person's own signed-in sessions ('Angemeldete Geräte'). */
  sessions: ['sessions'] as const,
  /** Who works in a project. */
  projectTeam: (projectId: string) => ['project-team', projectId] as const,
};
