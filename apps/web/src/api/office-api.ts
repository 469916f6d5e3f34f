import {
  InvitationPreviewSchema,
  MembersResponseSchema,
  ProjectTeamMemberSchema,
  UserSchema,
  UserWithTokenSchema,
  type AcceptInvitationBody,
  type InvitationPreview,
  type MembersResponse,
  type OfficeRole,
  type ProjectTeamMember,
  type User,
  type UserWithToken,
} from '@plankurier/shared';
import { apiRequest } from './client';

const id = (value: string) => encodeURIComponent(value);
const TeamSchema = ProjectTeamMemberSchema.array();

/** The office's people (members, invitations, seats), switching and founding offices, invitations. */
export const officeApi = {
  members: (): Promise<MembersResponse> => apiRequest('GET', '/office/members', { schema: MembersResponseSchema }),
  invite: (body: { email: string; role: OfficeRole }): Promise<MembersResponse> =>
    apiRequest('POST', '/office/invitations', { body, schema: MembersResponseSchema }),
  resendInvitation: (invitationId: string): Promise<MembersResponse> =>
    apiRequest('POST', `/office/invitations/${id(invitationId)}/resend`, { schema: MembersResponseSchema }),
  withdrawInvitation: (invitationId: string): Promise<MembersResponse> =>
    apiRequest('DELETE', `/office/invitations/${id(invitationId)}`, { schema: MembersResponseSchema }),
  changeRole: (userId: string, role: OfficeRole): Promise<MembersResponse> =>
    apiRequest('PUT', `/office/members/${id(userId)}`, { body: { role }, schema: MembersResponseSchema }),
  /** Removes someone; for the caller themselves it means leaving the office (204, no body). */
  removeMember: (userId: string): Promise<void> => apiRequest('DELETE', `/office/members/${id(userId)}`),
  handOver: (userId: string): Promise<MembersResponse> =>
    apiRequest('POST', '/office/owner', { body: { userId }, schema: MembersResponseSchema }),
  switchOffice: (officeId: string): Promise<User> =>
    apiRequest('PUT', '/session/office', { body: { officeId }, schema: UserSchema }),
  found: (company: string): Promise<User> => apiRequest('POST', '/offices', { body: { company }, schema: UserSchema }),

  previewInvitation: (token: string): Promise<InvitationPreview> =>
    apiRequest('GET', `/invitation/${id(token)}`, { schema: InvitationPreviewSchema, auth: false }),
  acceptInvitation: (token: string, body: AcceptInvitationBody): Promise<UserWithToken> =>
    apiRequest('POST', `/invitation/${id(token)}/accept`, { body, schema: UserWithTokenSchema, auth: false }),

  projectTeam: (projectId: string): Promise<ProjectTeamMember[]> =>
    apiRequest('GET', `/project/${id(projectId)}/team`, { schema: TeamSchema }),
  addToProject: (projectId: string, userId: string): Promise<ProjectTeamMember[]> =>
    apiRequest('POST', `/project/${id(projectId)}/team`, { body: { userId }, schema: TeamSchema }),
  removeFromProject: (projectId: string, userId: string): Promise<ProjectTeamMember[]> =>
    apiRequest('DELETE', `/project/${id(projectId)}/team/${id(userId)}`, { schema: TeamSchema }),
};
