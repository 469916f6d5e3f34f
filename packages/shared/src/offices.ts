import { z } from 'zod';

/** Owner: everything incl. billing and members; admin: every project and the members except owners; member: their projects. */
export const OFFICE_ROLES = ['owner', 'admin', 'member'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];
export const OfficeRoleSchema = z.enum(OFFICE_ROLES);

/** An invitation link is valid for seven days and works once. */
export const INVITATION_VALID_DAYS = 7;

/** Who may manage the office's people: owners everyone, admins everyone but owners. */
export const canManageMembers = (role: OfficeRole) => role === 'owner' || role === 'admin';

/** Whether `actor` may give or take `role` (or change a person who has it). */
export const canAssignRole = (actor: OfficeRole, role: OfficeRole) =>
  actor === 'owner' || (actor === 'admin' && role !== 'owner');

/** Owners alone see and change the subscription, invoices, company and billing address. */
export const canManageBilling = (role: OfficeRole) => role === 'owner';

/**
 * The office's own lists that every project shares — roles and message templates — are created,
 * renamed and deleted by owners and admins; members use them (assign a role, apply a template).
 */
export const canChangeOfficeLists = (role: OfficeRole) => role === 'owner' || role === 'admin';

/** Owners and admins work in every project and decide who else does. */
export const seesAllProjects = (role: OfficeRole) => role !== 'member';

/** The office a person belongs to, as the nav bar's switcher lists it. */
export const OfficeMembershipSchema = z.object({
  _id: z.string(),
  company: z.string(),
  role: OfficeRoleSchema,
});
export type OfficeMembership = z.infer<typeof OfficeMembershipSchema>;

export const MemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: OfficeRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: OfficeRoleSchema,
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const MembersResponseSchema = z.object({
  members: z.array(MemberSchema),
  invitations: z.array(InvitationSchema),
  /** Seats the tier allows (0: unlimited) and seats taken by members and open invitations. */
  maxNumberOfUsers: z.number().int(),
  seatsTaken: z.number().int(),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const InviteBody = z.object({ email, role: OfficeRoleSchema.default('member') });
export const MemberRoleBody = z.object({ role: OfficeRoleSchema });
export const SwitchOfficeBody = z.object({ officeId: z.uuid() });
export const InvitationTokenParams = z.object({ token: z.string().min(20).max(200) });

/** What the invitation page shows before the person accepts. */
export const InvitationPreviewSchema = z.object({
  company: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: OfficeRoleSchema,
  /** An account with this address exists: accepting asks for its password instead of a new one. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** Accepting: a new person sets names and a password; an existing account proves itself with its password. */
export const AcceptInvitationBody = z.object({
  password: z.string().max(1024),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const ProjectMemberBody = z.object({ userId: z.uuid() });

/** A person with access to a project: owners and admins by their role, members because they were added. */
export const ProjectTeamMemberSchema = MemberSchema.extend({ viaRole: z.boolean() });
export type ProjectTeamMember = z.infer<typeof ProjectTeamMemberSchema>;

/** The name a person is shown by: first and last name, else the e-mail address. */
export const personName = (p: { firstName?: string; lastName?: string; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;
