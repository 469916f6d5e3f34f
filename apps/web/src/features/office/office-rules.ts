import {
  OFFICE_ROLES,
  canAssignRole,
  canChangeOfficeLists,
  canManageMembers,
  seesAllProjects,
  type Invitation,
  type Member,
  type OfficeRole,
} from '@plankurier/shared';

/** The signed-in person as the members tab judges what they may do. */
export interface Viewer {
  userId: string;
  role: OfficeRole;
}

/** The roles the viewer may give (owners any, admins admin and member, members none). */
export const roleChoices = (role: OfficeRole): OfficeRole[] =>
  canManageMembers(role) ? OFFICE_ROLES.filter((choice) => canAssignRole(role, choice)) : [];

export const ownerCount = (members: readonly Pick<Member, 'role'>[]) =>
  members.filter((member) => member.role === 'owner').length;

const isLastOwner = (member: Pick<Member, 'role'>, owners: number) => member.role === 'owner' && owners <= 1;

/** Owners change anyone, admins anyone but owners; the last owner stays an owner. */
export const canChangeRole = (viewer: Viewer, member: Pick<Member, 'role'>, owners: number) =>
  canManageMembers(viewer.role) && canAssignRole(viewer.role, member.role) && !isLastOwner(member, owners);

/** Removing follows the same rules; the viewer leaves instead of removing themselves. */
export const canRemove = (viewer: Viewer, member: Pick<Member, '_id' | 'role'>, owners: number) =>
  member._id !== viewer.userId && canChangeRole(viewer, member, owners);

/** An owner hands the office over to someone who is not an owner yet (and becomes an admin). */
export const canHandOver = (viewer: Viewer, member: Pick<Member, '_id' | 'role'>) =>
  viewer.role === 'owner' && member._id !== viewer.userId && member.role !== 'owner';

/** The last owner cannot leave: the office would have nobody to pay and decide. */
export const mayLeave = (viewer: Viewer, owners: number) => !isLastOwner({ role: viewer.role }, owners);

/** Resending or withdrawing an invitation is changing a person of its role. */
export const canManageInvitation = (viewer: Viewer, invitation: Pick<Invitation, 'role'>) =>
  canManageMembers(viewer.role) && canAssignRole(viewer.role, invitation.role);

/** Every seat of the tier is taken (0 means unlimited). */
export const seatsFull = (seats: { maxNumberOfUsers: number; seatsTaken: number }) =>
  seats.maxNumberOfUsers !== 0 && seats.seatsTaken >= seats.maxNumberOfUsers;

/** Owners and admins delete projects and decide who works in them; members work in theirs. */
export const canManageProjects = (role: OfficeRole | null) => role !== null && seesAllProjects(role);

/** Owners and admins change the office's role list and templates; members use them. */
export const mayChangeOfficeLists = (role: OfficeRole | null) => role !== null && canChangeOfficeLists(role);
