import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { informalGermanIn, type ContactDto, type ContactListResponse } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, codeFromMail, signUpOffice, uniqueEmail } from '../../../test/api.ts';

let server: TestServer;
let http: ReturnType<typeof api>;
let token: string;
let officeEmail: string;
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
  const office = await signUpOffice(server.app, server.smtp, { company: 'Müller Architekten' });
  token = office.token;
  officeEmail = office.user.email;
  otherToken = (await signUpOffice(server.app, server.smtp)).token;
});
afterAll(() => server.stop());

const addContact = async (body: Record<string, unknown>, as = token) => {
  const res = await http.post('/api/contact', body, as);
  expect(res.statusCode).toBe(201);
  return res.json<ContactDto>();
};

describe('the contact list of an office', () => {
  test('a contact is created with its required formats, and its e-mail is required, valid and new', async () => {
    const email = uniqueEmail('statiker');
    const contact = await addContact({
      firstName: 'Eva',
      lastName: 'Statik',
      email,
      company: 'Tragwerk GmbH',
      needsPdf: true,
      needsTec: true,
    });
    expect(contact).toMatchObject({
      firstName: 'Eva',
      email,
      needsPdf: true,
      needsTec: true,
      isParticipant: false,
      state: { validation: null },
    });

    const missing = await http.post('/api/contact', { firstName: 'Ohne', email: '' }, token);
    expect([missing.statusCode, missing.json().msgCode]).toEqual([400, 'contact.email_required']);
    const invalid = await http.post('/api/contact', { email: 'kein-at-zeichen' }, token);
    expect([invalid.statusCode, invalid.json().msgCode]).toEqual([400, 'contact.email_invalid']);
    const taken = await http.post('/api/contact', { email: email.toUpperCase() }, token);
    expect([taken.statusCode, taken.json().msgCode]).toEqual([409, 'contact.email_taken']);
    // another office may keep the same address
    await addContact({ email }, otherToken);
  });

  test('an address with an umlaut domain (IDN) is valid, by hand as in the import', async () => {
    const contact = await addContact({ firstName: 'Sören', email: 'Info@Kühn-Haustechnik.de' });
    expect(contact.email).toBe('info@kühn-haustechnik.de');
    const again = await http.post('/api/contact', { email: 'info@KÜHN-haustechnik.de' }, token);
    expect([again.statusCode, again.json().msgCode]).toEqual([409, 'contact.email_taken']);
  });

  test('the list pages, searches case-insensitively over names, e-mail and company, and sorts by last name', async () => {
    const office = (await signUpOffice(server.app, server.smtp)).token;
    const names = [
      'Zander',
      'Albers',
      'Müller',
      'Becker',
      'Schmidt',
      'Özdemir',
      'Klein',
      'Wagner',
      'Fischer',
      'Weber',
      'Hoffmann',
      'Braun',
    ];
    for (const lastName of names)
      await addContact(
        {
          firstName: 'X',
          lastName,
          email: uniqueEmail(
            lastName
              .normalize('NFD')
              .replace(/[^a-zA-Z]/g, '')
              .toLowerCase(),
          ),
          company: lastName === 'Klein' ? 'Haustechnik Klein' : '',
        },
        office,
      );

    const first = (await http.get('/api/contacts', office)).json<ContactListResponse>();
    expect(first).toMatchObject({ count: 12, total: 12, limit: 10, page: 1, pages: 2 });
    expect(first.contacts.map((c) => c.lastName).slice(0, 3)).toEqual(['Albers', 'Becker', 'Braun']);
    const second = (await http.get('/api/contacts?page=2', office)).json<ContactListResponse>();
    expect(second.contacts).toHaveLength(2);

    const desc = (
      await http.get('/api/contacts?sortBy=lastName&sortOrder=-1&limit=15', office)
    ).json<ContactListResponse>();
    expect(desc.contacts[0]!.lastName).toBe('Zander');

    const search = (await http.get('/api/contacts?searchText=HAUSTECHNIK', office)).json<ContactListResponse>();
    expect(search.contacts.map((c) => c.lastName)).toEqual(['Klein']);
    expect(search).toMatchObject({ count: 1, total: 12 });
    const byMail = (
      await http.get(`/api/contacts?searchText=${encodeURIComponent('müller')}`, office)
    ).json<ContactListResponse>();
    expect(byMail.count).toBe(1);

    const badLimit = await http.get('/api/contacts?limit=11', office);
    expect(badLimit.statusCode).toBe(400);
  });

  test('a contact is updated and deleted; another office gets 404 and changes nothing', async () => {
    const contact = await addContact({ firstName: 'Tom', email: uniqueEmail('tom') });
    const foreignUpdate = await http.put(`/api/contact/${contact._id}`, { firstName: 'Fremd' }, otherToken);
    expect(foreignUpdate.statusCode).toBe(404);
    expect((await http.delete(`/api/contact/${contact._id}`, otherToken)).statusCode).toBe(404);
    expect((await http.post(`/api/contact/validate/${contact._id}`, {}, otherToken)).statusCode).toBe(404);

    const updated = await http.put(`/api/contact/${contact._id}`, { firstName: 'Thomas', needsTec: true }, token);
    expect(updated.json<ContactDto>()).toMatchObject({ firstName: 'Thomas', needsTec: true });
    expect((await http.delete(`/api/contact/${contact._id}`, token)).statusCode).toBe(204);
    expect((await http.delete(`/api/contact/${contact._id}`, token)).statusCode).toBe(404);
  });

  test('an update changes only the fields it names', async () => {
    const contact = await addContact({
      firstName: 'Eva',
      lastName: 'Öztürk',
      company: 'Statik Süd',
      phone: '0711 123',
      needsPdf: false,
      needsTec: true,
      email: uniqueEmail('eva'),
    });
    const email = uniqueEmail('eva.neu');
    const updated = await http.put(`/api/contact/${contact._id}`, { email }, token);
    expect(updated.json<ContactDto>()).toMatchObject({
      firstName: 'Eva',
      lastName: 'Öztürk',
      company: 'Statik Süd',
      phone: '0711 123',
      needsPdf: false,
      needsTec: true,
      email,
    });
  });

  test('changing to an address another contact has is refused', async () => {
    const a = await addContact({ email: uniqueEmail('a') });
    const b = await addContact({ email: uniqueEmail('b') });
    const res = await http.put(`/api/contact/${b._id}`, { email: a.email }, token);
    expect([res.statusCode, res.json().msgCode]).toEqual([409, 'contact.email_taken']);
  });

  test('a contact confirms its address through the mailed link', async () => {
    const contact = await addContact({ email: uniqueEmail('bauherr') });
    const pending = await http.post(`/api/contact/validate/${contact._id}`, {}, token);
    expect(pending.json<ContactDto>().state.validation).toBe('VALIDATION_PENDING');
    const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(contact.email));
    // The office set no reply address: an answer reaches the account that asked, not the no-reply sender.
    expect(mail.parsed.replyTo?.map((a) => a.address)).toEqual([officeEmail]);
    const code = codeFromMail(mail.parsed.text, '/contact/validate');
    const validated = await http.post('/api/contact/validate', { validationCode: code });
    expect([validated.statusCode, validated.json()]).toEqual([200, { validated: true, office: 'Müller Architekten' }]);
    const list = (
      await http.get(`/api/contacts?searchText=${encodeURIComponent(contact.email)}`, token)
    ).json<ContactListResponse>();
    expect(list.contacts[0]!.state.validation).toBe('VALIDATION_SUCCESS');
    expect((await http.post('/api/contact/validate', { validationCode: code })).json().msgCode).toBe(
      'auth.invalid_code',
    );
  });

  test('the validation mail speaks to the contact with Sie and names the office by its company; the sender is the person', async () => {
    const contact = await addContact({ email: uniqueEmail('fachplaner') });
    await http.post(`/api/contact/validate/${contact._id}`, {}, token);
    const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(contact.email));
    expect(mail.parsed.subject).toBe('Planversand von Müller Architekten: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.parsed.from).toMatchObject({ name: 'Anna Architektin via Plankurier' });
    expect(mail.parsed.text).toContain(
      'Müller Architekten verschickt Pläne und Dokumente über Plankurier an Sie. Bitte bestätigen Sie,',
    );
    for (const part of [mail.parsed.subject!, mail.parsed.text!, mail.parsed.html!])
      expect(informalGermanIn(part)).toBeNull();
  });

  test('an office without a company is named by its person in the validation mail, never by its e-mail address', async () => {
    const office = await signUpOffice(server.app, server.smtp, { company: '', firstName: 'Jana', lastName: 'Roth' });
    const contact = await addContact({ email: uniqueEmail('bauherrin') }, office.token);
    await http.post(`/api/contact/validate/${contact._id}`, {}, office.token);
    const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(contact.email));
    expect(mail.parsed.subject).toBe('Planversand von Jana Roth: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.parsed.from).toMatchObject({ name: 'Jana Roth via Plankurier' });
    for (const part of [mail.parsed.subject!, mail.parsed.text!, mail.parsed.html!])
      expect(part).not.toContain(office.user.email);
    const validated = await http.post('/api/contact/validate', {
      validationCode: codeFromMail(mail.parsed.text, '/contact/validate'),
    });
    expect(validated.json()).toEqual({ validated: true, office: 'Jana Roth' });
  });

  test('the company search starts above three characters and finds only the office’s companies', async () => {
    await addContact({ email: uniqueEmail('c1'), company: 'Ingenieurbüro Nord' });
    await addContact({ email: uniqueEmail('c2'), company: 'Ingenieurbüro Süd' }, otherToken);
    expect((await http.post('/api/companies/search', { searchText: 'Ing' }, token)).json()).toEqual({ companies: [] });
    expect((await http.post('/api/companies/search', { searchText: 'ingenieur' }, token)).json()).toEqual({
      companies: ['Ingenieurbüro Nord'],
    });
  });
});
