import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationBody,
  IdParams,
  InvitationPreviewSchema,
  InvitationTokenParams,
  InviteBody,
  MemberRoleBody,
  MembersResponseSchema,
  ProjectMemberBody,
  ProjectTeamMemberSchema,
  SwitchOfficeBody,
  UserSchema,
  UserWithTokenSchema,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { actorOf, clientOf, sessionOf } from '../../http/authenticate.ts';
import { addToProject, projectTeam, removeFromProject } from './project-team.ts';
import {
  acceptInvitation,
  changeMemberRole,
  foundOffice,
  handOverOwnership,
  invite,
  listMembers,
  previewInvitation,
  removeMember,
  resendInvitation,
  switchOffice,
  withdrawInvitation,
} from './service.ts';

const UserParams = z.object({ userId: z.uuid() });
const ProjectUserParams = z.object({ id: z.uuid(), userId: z.uuid() });
const FoundOfficeBody = z.object({ company: z.string().trim().min(1).max(200) });

export function officeRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['office'];
  const members = { 200: MembersResponseSchema };

  r.get('/api/office/members', { schema: { tags, response: members } }, (req) => listMembers(deps, actorOf(req)));

  r.post(
    '/api/office/invitations',
    { schema: { tags, body: InviteBody, response: { 201: MembersResponseSchema } } },
    async (req, reply) => reply.status(201).send(await invite(deps, actorOf(req), req.body)),
  );

  r.post('/api/office/invitations/:id/resend', { schema: { tags, params: IdParams, response: members } }, (req) =>
    resendInvitation(deps, actorOf(req), req.params.id),
  );

  r.delete('/api/office/invitations/:id', { schema: { tags, params: IdParams, response: members } }, (req) =>
    withdrawInvitation(deps, actorOf(req), req.params.id),
  );

  r.put(
    '/api/office/members/:userId',
    { schema: { tags, params: UserParams, body: MemberRoleBody, response: members } },
    (req) => changeMemberRole(deps, actorOf(req), req.params.userId, req.body.role),
  );

  r.delete('/api/office/members/:userId', { schema: { tags, params: UserParams } }, async (req, reply) => {
    const result = await removeMember(deps, actorOf(req), req.params.userId);
    return result ? reply.send(result) : reply.status(204).send();
  });

  r.post('/api/office/owner', { schema: { tags, body: ProjectMemberBody, response: members } }, (req) =>
    handOverOwnership(deps, actorOf(req), req.body.userId),
  );

  r.put('/api/session/office', { schema: { tags, body: SwitchOfficeBody, response: { 200: UserSchema } } }, (req) =>
    switchOffice(deps, sessionOf(req), req.body.officeId),
  );

  r.post(
    '/api/offices',
    { schema: { tags, body: FoundOfficeBody, response: { 201: UserSchema } } },
    async (req, reply) => reply.status(201).send(await foundOffice(deps, sessionOf(req), req.body.company, req.ip)),
  );

  r.get(
    '/api/invitation/:token',
    {
      config: { public: true },
      schema: { tags, params: InvitationTokenParams, response: { 200: InvitationPreviewSchema } },
    },
    (req) => previewInvitation(deps, req.params.token),
  );

  r.post(
    '/api/invitation/:token/accept',
    {
      config: { public: true },
      schema: {
        tags,
        params: InvitationTokenParams,
        body: AcceptInvitationBody,
        response: { 200: UserWithTokenSchema },
      },
    },
    (req) => acceptInvitation(deps, req.params.token, req.body, clientOf(req)),
  );

  const team = { 200: z.array(ProjectTeamMemberSchema) };
  r.get('/api/project/:id/team', { schema: { tags, params: IdParams, response: team } }, (req) =>
    projectTeam(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/project/:id/team',
    { schema: { tags, params: IdParams, body: ProjectMemberBody, response: team } },
    (req) => addToProject(deps, actorOf(req), req.params.id, req.body.userId),
  );
  r.delete('/api/project/:id/team/:userId', { schema: { tags, params: ProjectUserParams, response: team } }, (req) =>
    removeFromProject(deps, actorOf(req), req.params.id, req.params.userId),
  );
}
