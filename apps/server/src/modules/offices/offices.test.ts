import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type {
  InvitationPreview,
  MembersResponse,
  ProjectListResponse,
  TimelineResponse,
  User,
  UserWithToken,
} from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice, uniqueEmail } from '../../../test/api.ts';
import { createTestOffice, createTestProject } from '../../../test/factories.ts';
import { addTestMember, addToProject, inviteByMail } from '../../../test/team.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const members = async (token: string) => (await http.get('/api/office/members', token)).json<MembersResponse>();

describe('invitations', () => {
  test('an office that works in English invites in English', async () => {
    const office = await createTestOffice(server, 'P1');
    await server.deps.db.updateTable('app_user').set({ locale: 'en' }).where('id', '=', office.userId).execute();
    const email = uniqueEmail('colleague');
    await inviteByMail(server, office.token, email, 'member');
    const mail = server.smtp.messages.find((m) => m.envelopeTo.includes(email))!;
    expect(mail.parsed.subject).toBe('Anna Architektin invites you to Büro Anna on Plankurier');
    expect(mail.parsed.text).toContain('as member');
    expect(mail.parsed.text).toContain('valid for 7 days and works once');
    expect(mail.parsed.text).not.toContain('Einladung');
  });

  test('an invited colleague sets a password from the mailed link and works in the same office', async () => {
    const office = await createTestOffice(server, 'P1');
    const email = uniqueEmail('kollegin');
    const token = await inviteByMail(server, office.token, email, 'admin');

    const mail = server.smtp.messages.find((m) => m.envelopeTo.includes(email))!;
    expect(mail.parsed.subject).toBe('Anna Architektin lädt dich zu Büro Anna in Plankurier ein');
    expect(mail.parsed.text).toContain('als Administrator/in');
    expect(mail.parsed.text).toContain('7 Tage gültig');

    const preview = await http.get(`/api/invitation/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<InvitationPreview>()).toEqual({
      company: 'Büro Anna',
      invitedBy: 'Anna Architektin',
      email,
      role: 'admin',
      accountExists: false,
    });

    const accepted = await http.post(`/api/invitation/${token}/accept`, {
      password: 'geheim123',
      firstName: 'Bea',
      lastName: 'Berg',
    });
    expect(accepted.statusCode).toBe(200);
    const bea = accepted.json<UserWithToken>();
    expect(bea).toMatchObject({ email, firstName: 'Bea', validated: true, role: 'admin', officeId: office.id });
    expect(bea.company).toBe('Büro Anna');

    // Same projects, contacts and templates: a project of the owner is the colleague's too.
    const { project } = await createTestProject(server.app, office.token);
    expect((await http.get(`/api/project/${project._id}`, bea.token)).statusCode).toBe(200);

    const list = await members(office.token);
    expect(list.members.map((m) => [m.email, m.role])).toEqual([
      [expect.any(String), 'owner'],
      [email, 'admin'],
    ]);
    expect(list.invitations).toEqual([]);
  });

  test('a link works once: the second acceptance and the preview afterwards answer 404', async () => {
    const office = await createTestOffice(server, 'P1');
    const token = await inviteByMail(server, office.token, uniqueEmail());
    const body = { password: 'geheim123', firstName: 'Carl', lastName: 'Clausen' };
    expect((await http.post(`/api/invitation/${token}/accept`, body)).statusCode).toBe(200);
    const again = await http.post(`/api/invitation/${token}/accept`, body);
    expect(again.statusCode).toBe(404);
    expect(again.json().msgCode).toBe('invitation.invalid');
    expect((await http.get(`/api/invitation/${token}`)).statusCode).toBe(404);
  });

  test('two acceptances at the same moment make one member', async () => {
    const office = await createTestOffice(server, 'P1');
    const email = uniqueEmail();
    const token = await inviteByMail(server, office.token, email);
    const body = { password: 'geheim123', firstName: 'Dora', lastName: 'Doppelt' };
    const answers = await Promise.all([
      http.post(`/api/invitation/${token}/accept`, body),
      http.post(`/api/invitation/${token}/accept`, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const { n } = await server.deps.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
    expect((await members(office.token)).members).toHaveLength(2);
  });

  test('an invitation older than seven days is refused', async () => {
    const office = await createTestOffice(server, 'P1');
    const email = uniqueEmail();
    const token = await inviteByMail(server, office.token, email);
    await server.deps.db
      .updateTable('invitation')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute();
    expect((await http.get(`/api/invitation/${token}`)).json().msgCode).toBe('invitation.invalid');
    const res = await http.post(`/api/invitation/${token}/accept`, { password: 'geheim123' });
    expect(res.statusCode).toBe(404);
    expect((await members(office.token)).invitations[0]).toMatchObject({ email, expired: true });
  });

  test('a withdrawn invitation stops working; resending mails a new link and the old one stops', async () => {
    const office = await createTestOffice(server, 'P1');
    const email = uniqueEmail();
    const first = await inviteByMail(server, office.token, email);
    const [invitation] = (await members(office.token)).invitations;
    const before = server.smtp.messages.length;
    expect((await http.post(`/api/office/invitations/${invitation!._id}/resend`, {}, office.token)).statusCode).toBe(
      200,
    );
    const mail = await server.smtp.waitFor(
      (m) => m.envelopeTo.includes(email) && server.smtp.messages.indexOf(m) >= before,
    );
    const second = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]!;
    expect(second).not.toBe(first);
    expect((await http.get(`/api/invitation/${first}`)).statusCode).toBe(404);
    expect((await http.get(`/api/invitation/${second}`)).statusCode).toBe(200);

    expect((await http.delete(`/api/office/invitations/${invitation!._id}`, office.token)).statusCode).toBe(200);
    expect((await http.get(`/api/invitation/${second}`)).statusCode).toBe(404);
    expect((await members(office.token)).invitations).toEqual([]);
  });

  test('seats: FREE has one (its owner), PRO five counting open invitations; a withdrawn one frees its seat', async () => {
    const free = await createTestOffice(server);
    const refused = await http.post('/api/office/invitations', { email: uniqueEmail(), role: 'member' }, free.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msgCode).toBe('tier.seat_limit_reached');
    expect((await members(free.token)).invitations).toEqual([]);

    const pro = await createTestOffice(server, 'P1');
    await addTestMember(server, pro.token);
    for (let i = 0; i < 3; i++) await inviteByMail(server, pro.token, uniqueEmail());
    const list = await members(pro.token);
    expect([list.seatsTaken, list.maxNumberOfUsers]).toEqual([5, 5]);
    const sixth = await http.post('/api/office/invitations', { email: uniqueEmail(), role: 'member' }, pro.token);
    expect(sixth.json().msgCode).toBe('tier.seat_limit_reached');

    await http.delete(`/api/office/invitations/${list.invitations[0]!._id}`, pro.token);
    expect(
      (await http.post('/api/office/invitations', { email: uniqueEmail(), role: 'member' }, pro.token)).statusCode,
    ).toBe(201);
  });

  test('a person with an account joins with its password and then belongs to two offices', async () => {
    const office = await createTestOffice(server, 'P1');
    const other = await signUpOffice(server.app, server.smtp, { company: 'Statik Weiß' });
    const token = await inviteByMail(server, office.token, other.user.email);
    expect((await http.get(`/api/invitation/${token}`)).json<InvitationPreview>().accountExists).toBe(true);

    const wrong = await http.post(`/api/invitation/${token}/accept`, { password: 'falsch999' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msgCode).toBe('auth.wrong_password');

    const joined = await http.post(`/api/invitation/${token}/accept`, { password: 'geheim123' });
    expect(joined.statusCode).toBe(200);
    const user = joined.json<UserWithToken>();
    expect(user._id).toBe(other.user._id);
    expect(user.officeId).toBe(office.id);
    expect(user.offices.map((o) => [o.company, o.role]).sort()).toEqual([
      ['Büro Anna', 'member'],
      ['Statik Weiß', 'owner'],
    ]);

    // The session of the own office stays in it; switching moves it.
    const own = await http.get('/api/user', other.token);
    expect(own.json<User>().officeId).toBe(other.user.officeId);
    const switched = await http.put('/api/session/office', { officeId: office.id }, other.token);
    expect(switched.json<User>()).toMatchObject({ officeId: office.id, company: 'Büro Anna', role: 'member' });
    const stranger = await createTestOffice(server);
    expect((await http.put('/api/session/office', { officeId: stranger.id }, other.token)).statusCode).toBe(404);

    // The next sign-in lands in the office worked in last.
    const signedIn = await http.post('/api/signin', { email: other.user.email, password: 'geheim123' });
    expect(signedIn.json<User>().officeId).toBe(office.id);
  });

  test('inviting someone already in the office is refused', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token);
    const res = await http.post('/api/office/invitations', { email: member.email, role: 'admin' }, office.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msgCode).toBe('office.already_member');
  });
});

describe('roles', () => {
  test('members do not manage people, admins do not touch owners, and only owners see billing', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const member = await addTestMember(server, office.token, 'member');
    const invite = (token: string, role: string) =>
      http.post('/api/office/invitations', { email: uniqueEmail(), role }, token);

    expect((await invite(member.token, 'member')).statusCode).toBe(403);
    expect((await invite(admin.token, 'owner')).statusCode).toBe(403);
    expect((await invite(admin.token, 'member')).statusCode).toBe(201);
    expect((await http.put(`/api/office/members/${office.userId}`, { role: 'member' }, admin.token)).statusCode).toBe(
      403,
    );
    expect((await http.delete(`/api/office/members/${office.userId}`, admin.token)).statusCode).toBe(403);
    expect((await http.put(`/api/office/members/${member.userId}`, { role: 'admin' }, member.token)).statusCode).toBe(
      403,
    );

    for (const token of [admin.token, member.token]) {
      const billing = await http.get('/api/billing', token);
      expect([billing.statusCode, billing.json().msgCode]).toEqual([403, 'common.forbidden']);
      expect((await http.post('/api/billing/buy', { planCode: 'P2M', autoRenewBuy: true }, token)).statusCode).toBe(
        403,
      );
    }
    expect((await http.get('/api/billing', office.token)).statusCode).toBe(200);
  });

  test('company and billing address are the owner’s to change; names and settings are each person’s own', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const refused = await http.put('/api/user', { updateType: 'UPDATE_PROFILE', company: 'Anderes Büro' }, admin.token);
    expect([refused.statusCode, refused.json().msgCode]).toEqual([403, 'common.forbidden']);
    const own = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', firstName: 'Anke', bccEmail: 'anke@buero.example' },
      admin.token,
    );
    expect(own.json<User>()).toMatchObject({ firstName: 'Anke', bccEmail: 'anke@buero.example', company: 'Büro Anna' });
    expect((await http.get('/api/user', office.token)).json<User>()).toMatchObject({ firstName: 'Anna', bccEmail: '' });

    const renamed = await http.put(
      '/api/user',
      { updateType: 'UPDATE_PROFILE', company: 'Büro Anna & Partner' },
      office.token,
    );
    expect(renamed.statusCode).toBe(200);
    expect((await http.get('/api/user', admin.token)).json<User>().company).toBe('Büro Anna & Partner');
  });

  test('the last owner can neither be demoted nor removed; handing over makes the other the owner', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const demote = await http.put(`/api/office/members/${office.userId}`, { role: 'admin' }, office.token);
    expect([demote.statusCode, demote.json().msgCode]).toEqual([409, 'office.last_owner']);
    const leave = await http.delete(`/api/office/members/${office.userId}`, office.token);
    expect([leave.statusCode, leave.json().msgCode]).toEqual([409, 'office.last_owner']);

    const handed = await http.post('/api/office/owner', { userId: admin.userId }, office.token);
    expect(handed.statusCode).toBe(200);
    expect(
      handed
        .json<MembersResponse>()
        .members.map((m) => [m.email, m.role])
        .sort(),
    ).toEqual(
      [
        [admin.email, 'owner'],
        [office.email, 'admin'],
      ].sort(),
    );
    // The former owner's next request already has the admin's rights.
    expect((await http.get('/api/billing', office.token)).statusCode).toBe(403);
    expect((await http.get('/api/billing', admin.token)).statusCode).toBe(200);
  });
});

describe('removing a member', () => {
  test('ends their sessions at once; what they did stays under their name', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token, 'member', { firstName: 'Rolf', lastName: 'Raus' });
    const { project } = await createTestProject(server.app, member.token, { number: 'R-1' });
    expect((await http.get('/api/projects', member.token)).statusCode).toBe(200);

    expect((await http.delete(`/api/office/members/${member.userId}`, office.token)).statusCode).toBe(200);
    const after = await http.get('/api/projects', member.token);
    expect([after.statusCode, after.json().msgCode]).toEqual([401, 'common.unauthorized']);
    const sessions = await server.deps.db
      .selectFrom('session_token')
      .select('id')
      .where('user_id', '=', member.userId)
      .where('office_id', '=', office.id)
      .execute();
    expect(sessions).toEqual([]);

    const timeline = await http.post(
      '/api/timeline',
      { project: project._id, eventType: 'DOC', filterParams: {}, limit: 30, skip: 0 },
      office.token,
    );
    expect(timeline.statusCode).toBe(200);
    const list = (await members(office.token)).members.map((m) => m.email);
    expect(list).not.toContain(member.email);
  });

  test('a person without an office can sign in, and only found an office of their own', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token);
    await http.delete(`/api/office/members/${member.userId}`, office.token);
    const signedIn = await http.post('/api/signin', { email: member.email, password: 'geheim123' });
    expect(signedIn.statusCode).toBe(200);
    const user = signedIn.json<UserWithToken>();
    expect([user.officeId, user.role, user.offices]).toEqual([null, null, []]);
    const projects = await http.get('/api/projects', user.token);
    expect([projects.statusCode, projects.json().msgCode]).toEqual([403, 'office.none']);
    const founded = await http.post('/api/offices', { company: 'Eigenes Büro' }, user.token);
    expect(founded.json<User>()).toMatchObject({ company: 'Eigenes Büro', role: 'owner', tier: 'FREE' });
    expect((await http.get('/api/projects', user.token)).statusCode).toBe(200);
  });
});

describe('links of a person who leaves', () => {
  test('an invoice link made by an owner stops working when they leave the office', async () => {
    const office = await createTestOffice(server);
    const bought = await http.post('/api/billing/buy', { planCode: 'P1M', autoRenewBuy: true }, office.token);
    expect(bought.statusCode).toBe(201);
    const invoiceId = bought.json<{ invoice: { _id: string } }>().invoice._id;
    const partner = await addTestMember(server, office.token, 'owner');
    const { url } = (await http.post(`/api/invoice/${invoiceId}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    expect((await http.delete(`/api/office/members/${office.userId}`, partner.token)).statusCode).toBe(200);
    expect((await http.get(url)).statusCode).toBe(404);
    const fresh = (await http.post(`/api/invoice/${invoiceId}/download-link`, {}, partner.token)).json<{
      url: string;
    }>();
    expect((await http.get(fresh.url)).statusCode).toBe(200);
  });
});

describe('project access of members', () => {
  test('a member sees only the projects they were added to or created; everything else answers 404', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token);
    const { project: hidden, bundle } = await createTestProject(server.app, office.token, { number: 'H-1' });
    const listed = async () =>
      (await http.get('/api/projects?limit=20&page=1', member.token))
        .json<ProjectListResponse>()
        .projects.map((p) => p.number);

    expect(await listed()).toEqual([]);
    expect((await http.get(`/api/project/${hidden._id}`, member.token)).statusCode).toBe(404);
    expect((await http.put(`/api/phase/${bundle.phases[0]!._id}`, { name: 'X' }, member.token)).statusCode).toBe(404);

    await addToProject(server, office.token, hidden._id, member.userId);
    expect(await listed()).toEqual(['H-1']);
    expect((await http.get(`/api/project/${hidden._id}`, member.token)).statusCode).toBe(200);

    const { project: own } = await createTestProject(server.app, member.token, { number: 'M-1' });
    expect(await listed()).toEqual(['H-1', 'M-1']);
    // A member does not delete projects; owners and admins do.
    const del = await http.delete(`/api/project/${own._id}`, member.token);
    expect([del.statusCode, del.json().msgCode]).toEqual([403, 'common.forbidden']);

    const team = await http.get(`/api/project/${hidden._id}/team`, office.token);
    expect(team.json<{ email: string; viaRole: boolean }[]>().map((m) => [m.email, m.viaRole])).toEqual([
      [office.email, true],
      [member.email, false],
    ]);
    expect((await http.delete(`/api/project/${hidden._id}/team/${member.userId}`, office.token)).statusCode).toBe(200);
    expect((await http.get(`/api/project/${hidden._id}`, member.token)).statusCode).toBe(404);
    expect(
      (await http.post(`/api/project/${hidden._id}/team`, { userId: member.userId }, member.token)).statusCode,
    ).toBe(404);
  });

  test('the tier limit counts all of the office’s projects, also those a member does not see', async () => {
    const office = await createTestOffice(server);
    await createTestProject(server.app, office.token);
    // FREE has one seat: a second person only comes in as the office moves to PRO and back.
    await server.deps.db.updateTable('office').set({ tier: 'P1' }).where('id', '=', office.id).execute();
    const member = await addTestMember(server, office.token);
    await server.deps.db.updateTable('office').set({ tier: 'FREE' }).where('id', '=', office.id).execute();
    const res = await http.post('/api/project', { number: 'Z-1', name: '' }, member.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'tier.limit_reached']);
  });
});

describe('who did what', () => {
  test('the timeline names the person who acted', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token, 'member', { firstName: 'Tom', lastName: 'Zeichner' });
    const { project, bundle } = await createTestProject(server.app, office.token);
    await addToProject(server, office.token, project._id, member.userId);
    const folder = bundle.docfolders.find((f) => f.category === 'plans')!;
    expect(
      (
        await http.post(
          '/api/doc',
          { folderId: folder._id, doctype: 'plan', number: 'A-101', name: 'Grundriss' },
          member.token,
        )
      ).statusCode,
    ).toBe(201);
    const res = await http.post(
      '/api/timeline',
      { project: project._id, eventType: 'DOC', filterParams: {}, limit: 30, skip: 0 },
      office.token,
    );
    const { events } = res.json<TimelineResponse>();
    expect(events.find((e) => e.kind === 'doc.created')!.actor).toEqual({ _id: member.userId, name: 'Tom Zeichner' });
  });
});

describe('the timeline by person', () => {
  test('filters the events to what the chosen people did', async () => {
    const office = await createTestOffice(server, 'P1');
    const member = await addTestMember(server, office.token, 'admin', { firstName: 'Pia', lastName: 'Plan' });
    const { project, bundle } = await createTestProject(server.app, office.token);
    const folder = bundle.docfolders.find((f) => f.category === 'plans')!;
    for (const [token, number] of [
      [office.token, 'O-1'],
      [member.token, 'M-1'],
      [member.token, 'M-2'],
    ] as const) {
      await http.post('/api/doc', { folderId: folder._id, doctype: 'plan', number, name: 'Plan' }, token);
    }
    const byPerson = async (actorIds: string[]) =>
      (
        await http.post(
          '/api/timeline',
          { project: project._id, eventType: 'DOC', filterParams: { actorIds }, limit: 30, skip: 0 },
          office.token,
        )
      )
        .json<TimelineResponse>()
        .events.map((e) => e.doc?.number)
        .sort();
    expect(await byPerson([member.userId])).toEqual(['M-1', 'M-2']);
    expect(await byPerson([office.userId])).toEqual(['O-1']);
    expect(await byPerson([office.userId, member.userId])).toEqual(['M-1', 'M-2', 'O-1']);
  });
});
