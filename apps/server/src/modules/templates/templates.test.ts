import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEMPLATE_TEXT_MAX, type TemplateDto } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import { createTestOffice, createTestProject } from '../../../test/factories.ts';
import { addTestMember, addToProject } from '../../../test/team.ts';

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(() => server.stop());

const templatesOf = (officeId: string) =>
  server.deps.db.selectFrom('template').selectAll().where('office_id', '=', officeId).orderBy('id').execute();

async function createTemplate(token: string, title: string, text = 'Guten Tag,\nanbei die Pläne.') {
  const res = await http.post('/api/template', { type: 'DELIVERY', title, text }, token);
  expect(res.statusCode).toBe(201);
  return res.json<TemplateDto>();
}

describe('the office’s message templates', () => {
  test('a template is saved and listed by title as German readers sort', async () => {
    const office = await createTestOffice(server);
    const created = await createTemplate(office.token, ' Übergabe Werkplanung ', 'Sehr geehrte Damen und Herren');
    expect(created).toEqual({
      _id: created._id,
      type: 'DELIVERY',
      title: 'Übergabe Werkplanung',
      text: 'Sehr geehrte Damen und Herren',
    });
    await createTemplate(office.token, 'Zeichnungen');
    await createTemplate(office.token, 'Ämter');
    await createTemplate(office.token, 'Bauherr');
    const list = (await http.get('/api/templates', office.token)).json<TemplateDto[]>();
    expect(list.map((t) => t.title)).toEqual(['Ämter', 'Bauherr', 'Übergabe Werkplanung', 'Zeichnungen']);
    expect(list[2]).toEqual(created);
  });

  test('the type defaults to DELIVERY; an unknown type is refused', async () => {
    const office = await createTestOffice(server);
    const res = await http.post('/api/template', { title: 'Standard', text: 'Hallo' }, office.token);
    expect([res.statusCode, res.json<TemplateDto>().type]).toEqual([201, 'DELIVERY']);
    const bad = await http.post('/api/template', { type: 'SMS', title: 'X', text: '' }, office.token);
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
    expect(await templatesOf(office.id)).toHaveLength(1);
  });

  test('a title is required, on saving and on renaming', async () => {
    const office = await createTestOffice(server);
    for (const body of [{ title: '', text: 'x' }, { title: '   ', text: 'x' }, { text: 'x' }]) {
      const res = await http.post('/api/template', body, office.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'template.title_required']);
    }
    const template = await createTemplate(office.token, 'Standard');
    const rename = await http.put(`/api/template/${template._id}`, { title: ' ', text: 'neu' }, office.token);
    expect([rename.statusCode, rename.json().msgCode]).toEqual([400, 'template.title_required']);
    expect((await templatesOf(office.id)).map((t) => [t.title, t.text])).toEqual([['Standard', template.text]]);
  });

  test('saving under an existing title (any case) warns with title_taken; the user then overwrites it', async () => {
    const office = await createTestOffice(server);
    const template = await createTemplate(office.token, 'Standard', 'alter Text');
    const taken = await http.post('/api/template', { title: 'STANDARD', text: 'neuer Text' }, office.token);
    expect([taken.statusCode, taken.json().msgCode]).toEqual([409, 'template.title_taken']);
    expect((await templatesOf(office.id)).map((t) => t.text)).toEqual(['alter Text']);

    const overwritten = await http.put(`/api/template/${template._id}`, { text: 'neuer Text' }, office.token);
    expect(overwritten.statusCode).toBe(200);
    expect(overwritten.json<TemplateDto>()).toEqual({ ...template, text: 'neuer Text' });
    expect((await http.get('/api/templates', office.token)).json<TemplateDto[]>()).toEqual([
      { ...template, text: 'neuer Text' },
    ]);
    const [row] = await templatesOf(office.id);
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(row!.created_at.getTime());
  });

  test('renaming to another template’s title is refused; to its own title in another case it is allowed', async () => {
    const office = await createTestOffice(server);
    const standard = await createTemplate(office.token, 'Standard');
    const kurz = await createTemplate(office.token, 'Kurz');
    const clash = await http.put(`/api/template/${kurz._id}`, { title: 'standard', text: 'x' }, office.token);
    expect([clash.statusCode, clash.json().msgCode]).toEqual([409, 'template.title_taken']);
    const own = await http.put(`/api/template/${standard._id}`, { title: 'STANDARD', text: 'y' }, office.token);
    expect(own.json<TemplateDto>()).toEqual({ ...standard, title: 'STANDARD', text: 'y' });
    expect((await templatesOf(office.id)).find((t) => t.id === kurz._id)!.title).toBe('Kurz');
  });

  test(`a text holds up to ${TEMPLATE_TEXT_MAX} characters; a longer one is refused and nothing is saved`, async () => {
    const office = await createTestOffice(server);
    const long = await http.post('/api/template', { title: 'Lang', text: 'ä'.repeat(TEMPLATE_TEXT_MAX) }, office.token);
    expect(long.statusCode).toBe(201);
    const tooLong = await http.post(
      '/api/template',
      { title: 'Zu lang', text: 'a'.repeat(TEMPLATE_TEXT_MAX + 1) },
      office.token,
    );
    expect([tooLong.statusCode, tooLong.json().msgCode]).toEqual([400, 'common.validation']);
    const put = await http.put(
      `/api/template/${long.json<TemplateDto>()._id}`,
      { text: 'a'.repeat(TEMPLATE_TEXT_MAX + 1) },
      office.token,
    );
    expect([put.statusCode, put.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await templatesOf(office.id)).map((t) => t.text.length)).toEqual([TEMPLATE_TEXT_MAX]);
  });

  test('an overwrite needs the text', async () => {
    const office = await createTestOffice(server);
    const template = await createTemplate(office.token, 'Standard');
    const res = await http.put(`/api/template/${template._id}`, { title: 'Neu' }, office.token);
    expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
  });

  test('a deleted template is gone; deleting it again answers 404', async () => {
    const office = await createTestOffice(server);
    const template = await createTemplate(office.token, 'Standard');
    expect((await http.delete(`/api/template/${template._id}`, office.token)).statusCode).toBe(204);
    expect((await http.get('/api/templates', office.token)).json()).toEqual([]);
    const again = await http.delete(`/api/template/${template._id}`, office.token);
    expect([again.statusCode, again.json().msgCode]).toEqual([404, 'common.not_found']);
    const put = await http.put(`/api/template/${template._id}`, { text: 'x' }, office.token);
    expect([put.statusCode, put.json().msgCode]).toEqual([404, 'common.not_found']);
  });

  test("another office's templates answer 404, stay as they are and are not listed", async () => {
    const office = await createTestOffice(server);
    const template = await createTemplate(office.token, 'Standard');
    const intruder = await createTestOffice(server);
    const before = await templatesOf(office.id);
    for (const res of [
      await http.put(`/api/template/${template._id}`, { text: 'Gekapert', title: 'Gekapert' }, intruder.token),
      await http.delete(`/api/template/${template._id}`, intruder.token),
    ]) {
      expect([res.statusCode, res.json().msgCode]).toEqual([404, 'common.not_found']);
    }
    expect((await http.get('/api/templates', intruder.token)).json()).toEqual([]);
    expect(await templatesOf(office.id)).toEqual(before);
    // the same title in another office is no clash
    expect((await http.post('/api/template', { title: 'Standard', text: '' }, intruder.token)).statusCode).toBe(201);
  });

  test('a malformed id is refused as bad input; without a session nothing is answered', async () => {
    const office = await createTestOffice(server);
    const bad = await http.delete('/api/template/not-a-uuid', office.token);
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await http.get('/api/templates')).statusCode).toBe(401);
    expect((await http.post('/api/template', { title: 'X', text: '' })).statusCode).toBe(401);
  });
});

describe('templates are the office’s: owners and admins change them, members use them', () => {
  test('a member (on a project or not) neither saves, overwrites, renames nor deletes one (403); they list and apply them', async () => {
    const office = await createTestOffice(server, 'P1');
    const { project } = await createTestProject(server.app, office.token);
    const onProject = await addTestMember(server, office.token, 'member');
    await addToProject(server, office.token, project._id, onProject.userId);
    const notOnProject = await addTestMember(server, office.token, 'member');
    const template = await createTemplate(office.token, 'Standard', 'Guten Tag');
    const before = await templatesOf(office.id);

    for (const member of [onProject, notOnProject]) {
      for (const res of [
        await http.post('/api/template', { title: 'Eigene', text: 'x' }, member.token),
        await http.put(`/api/template/${template._id}`, { text: 'Überschrieben' }, member.token),
        await http.put(`/api/template/${template._id}`, { title: 'Umbenannt', text: 'x' }, member.token),
        await http.delete(`/api/template/${template._id}`, member.token),
      ]) {
        expect([res.statusCode, res.json().msgCode]).toEqual([403, 'common.forbidden']);
      }
      expect((await http.get('/api/templates', member.token)).json<TemplateDto[]>()).toEqual([template]);
    }
    expect(await templatesOf(office.id)).toEqual(before);
  });

  test('an admin saves, overwrites and deletes templates', async () => {
    const office = await createTestOffice(server, 'P1');
    const admin = await addTestMember(server, office.token, 'admin');
    const template = await createTemplate(admin.token, 'Vom Admin');
    const overwritten = await http.put(`/api/template/${template._id}`, { text: 'Neu' }, admin.token);
    expect(overwritten.json<TemplateDto>().text).toBe('Neu');
    expect((await http.delete(`/api/template/${template._id}`, admin.token)).statusCode).toBe(204);
    expect(await templatesOf(office.id)).toEqual([]);
  });
});
