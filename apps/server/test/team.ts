import type { OfficeRole, UserWithToken } from '@plankurier/shared';
import { api, codeFromMail, uniqueEmail } from './api.ts';
import { expectStatus } from './factories.ts';
import type { TestServer } from './test-server.ts';

export interface TestMember {
  userId: string;
  token: string;
  email: string;
}

/** Invites an address into the office and returns the link's token from the mail that arrives. */
export async function inviteByMail(
  server: TestServer,
  ownerToken: string,
  email: string,
  role: OfficeRole = 'member',
): Promise<string> {
  const before = server.smtp.messages.length;
  expectStatus(await api(server.app).post('/api/office/invitations', { email, role }, ownerToken), 201, 'invitation');
  const mail = await server.smtp.waitFor(
    (m) => m.envelopeTo.includes(email) && server.smtp.messages.indexOf(m) >= before,
  );
  return codeFromMail(mail.parsed.text, '/invitation');
}

/** A colleague invited with a role who accepts as a new person: their session works in the office. */
export async function addTestMember(
  server: TestServer,
  ownerToken: string,
  role: OfficeRole = 'member',
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestMember> {
  const email = uniqueEmail(role);
  const token = await inviteByMail(server, ownerToken, email, role);
  const res = await api(server.app).post(`/api/invitation/${token}/accept`, {
    password: 'geheim123',
    firstName: names.firstName ?? 'Mia',
    lastName: names.lastName ?? 'Mitarbeiterin',
  });
  expectStatus(res, 200, 'accepting the invitation');
  const user = res.json<UserWithToken>();
  return { userId: user._id, token: user.token, email };
}

/** Adds a member to a project as its owner or an admin does. */
export async function addToProject(server: TestServer, managerToken: string, projectId: string, userId: string) {
  expectStatus(
    await api(server.app).post(`/api/project/${projectId}/team`, { userId }, managerToken),
    200,
    'adding to the project',
  );
}
