import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingDto, BuyResult, PaidPlanCode, User } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api, signUpOffice, uniqueEmail } from '../../../test/api.ts';
import {
  createTestContact,
  createTestDoc,
  createTestOffice,
  createTestParticipant,
  createTestProject,
  folderOf,
} from '../../../test/factories.ts';
import { until } from '../../../test/until.ts';
import { sendInvoiceMail } from './invoice-mail.ts';
import { settleDueBuys } from './service.ts';

/** The billing clock of this server: tests move it forward instead of waiting. */
let clock = new Date('2026-01-31T10:00:00Z');
const setClock = (iso: string) => {
  clock = new Date(iso);
};

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  // More sign-ups than one address may make in an hour: every test founds offices of its own.
  // the clock jumps months ahead (period ends, renewals): the sessions of the test offices must outlast it
  server = await startTestServer({
    now: () => clock,
    signUpsPerIpPerHour: 1000,
    sessions: { idleDays: 3650, maxDays: 3650 },
  });
  http = api(server.app);
});
afterAll(() => server.stop());

const DAY = 24 * 60 * 60 * 1000;

async function buy(token: string, planCode: PaidPlanCode, autoRenewBuy = false) {
  const res = await http.post('/api/billing/buy', { planCode, autoRenewBuy }, token);
  if (res.statusCode !== 201) throw new Error(`buy failed with ${res.statusCode}: ${res.body}`);
  return res.json<BuyResult>();
}

const billingOf = async (token: string) => (await http.get('/api/billing', token)).json<BillingDto>();
const userOf = async (token: string) => (await http.get('/api/user', token)).json<User>();

/** The text of a real PDF, as pdftotext reads it. */
function pdfText(pdf: Uint8Array): string {
  const file = path.join(os.tmpdir(), `billing-test-${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file);
  }
}

async function invoiceText(token: string, invoiceId: string): Promise<string> {
  const link = await http.post(`/api/invoice/${invoiceId}/download-link`, {}, token);
  expect(link.statusCode).toBe(200);
  const res = await server.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

/** The confirmation mail of an invoice as the SMTP server received it. */
const invoiceMailOf = (invoiceNumber: string) =>
  server.smtp.waitFor((m) => m.parsed.subject?.includes(invoiceNumber) === true);

/** The PDF attached to a mail, as bytes. */
function attachedPdf(mail: Awaited<ReturnType<typeof invoiceMailOf>>) {
  const pdfs = mail.parsed.attachments.filter((a) => a.mimeType === 'application/pdf');
  expect(pdfs).toHaveLength(1);
  const content = pdfs[0]!.content;
  return {
    filename: pdfs[0]!.filename,
    bytes: typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content),
  };
}

describe('buying a plan', () => {
  test('a free office buys PRO monthly: the tier is active at once and the invoice is due in 14 days', async () => {
    setClock('2026-03-10T09:00:00Z');
    const office = await createTestOffice(server);
    expect(await userOf(office.token)).toMatchObject({ tier: 'FREE', userCanUpgrade: true, buyPeriod: null });

    const { buy: bought, invoice } = await buy(office.token, 'P1M');
    expect(bought).toMatchObject({
      status: 'ACTIVE',
      tier: { name: 'P1', displayName: 'PRO' },
      period: 'MONTH',
      planCode: 'P1M',
      startAt: '2026-03-10T09:00:00.000Z',
      endPeriodAt: '2026-04-10T09:00:00.000Z',
      autoRenewBuy: false,
      discountPercent: 0,
    });
    expect(invoice).toMatchObject({ net: 2900, vat: 551, gross: 3451, creditNet: 0, status: 'OPEN' });
    expect(invoice.number).toMatch(/^RE-\d{6}$/);
    expect(new Date(invoice.dueAt).getTime() - new Date(invoice.issuedAt).getTime()).toBe(14 * DAY);

    expect(await userOf(office.token)).toMatchObject({
      tier: 'P1',
      tierName: 'P1',
      tierDisplayName: 'PRO',
      buyPeriod: 'MONTH',
      userCanUpgrade: true,
      features: { maxNumberOfProjects: 10, maxNumberOfDocs: 0, maxNumberOfParticipants: 0 },
    });
    const billing = await billingOf(office.token);
    expect(billing.currentPlanCode).toBe('P1M');
    expect([...billing.upgradeOptions].sort()).toEqual(['P1Y', 'P2M', 'P2Y']);
    expect(billing.invoices.map((i) => i.number)).toEqual([invoice.number]);
  });

  test('the ladder is enforced: a yearly buy cannot go back to monthly, the top tier gets the biggest-plan message', async () => {
    setClock('2026-03-10T09:00:00Z');
    const office = await createTestOffice(server);
    await buy(office.token, 'P1Y');
    const toMonthly = await http.post('/api/billing/buy', { planCode: 'P2M', autoRenewBuy: false }, office.token);
    expect([toMonthly.statusCode, toMonthly.json().msgCode]).toEqual([409, 'billing.upgrade_not_allowed']);
    const same = await http.post('/api/billing/buy', { planCode: 'P1Y', autoRenewBuy: false }, office.token);
    expect([same.statusCode, same.json().msgCode]).toEqual([409, 'billing.current_plan']);

    await buy(office.token, 'P2Y');
    expect(await userOf(office.token)).toMatchObject({
      tier: 'P2',
      tierDisplayName: 'ENTERPRISE',
      userCanUpgrade: false,
    });
    const beyond = await http.post('/api/billing/buy', { planCode: 'P2Y', autoRenewBuy: false }, office.token);
    expect([beyond.statusCode, beyond.json().msgCode]).toEqual([409, 'billing.biggest_plan']);
    const quote = await http.get('/api/billing/quote?planCode=P2M', office.token);
    expect([quote.statusCode, quote.json().msgCode]).toEqual([409, 'billing.biggest_plan']);
    expect((await billingOf(office.token)).invoices).toHaveLength(2);
  });

  test('right after buying PRO yearly, a quote for it names it as the current plan; the yearly ENTERPRISE is quoted', async () => {
    setClock('2026-04-01T09:00:00Z');
    const office = await createTestOffice(server);
    await buy(office.token, 'P1Y');
    const current = await http.get('/api/billing/quote?planCode=P1Y', office.token);
    expect([current.statusCode, current.json().msgCode]).toEqual([409, 'billing.current_plan']);
    const monthly = await http.get('/api/billing/quote?planCode=P1M', office.token);
    expect([monthly.statusCode, monthly.json().msgCode]).toEqual([409, 'billing.upgrade_not_allowed']);
    const upgrade = await http.get('/api/billing/quote?planCode=P2Y', office.token);
    expect([upgrade.statusCode, upgrade.json().planCode]).toEqual([200, 'P2Y']);
    expect((await billingOf(office.token)).upgradeOptions).toEqual(['P2Y']);
  });

  test('an unknown plan code is refused with 400 and buys nothing', async () => {
    const office = await createTestOffice(server);
    for (const planCode of ['FREE', 'P3M', '', 42]) {
      const res = await http.post('/api/billing/buy', { planCode, autoRenewBuy: false }, office.token);
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
    }
    expect(await billingOf(office.token)).toMatchObject({ currentPlanCode: 'FREE', buys: [], invoices: [] });
  });
});

describe('upgrading with credit for the unused days', () => {
  test('PRO monthly to ENTERPRISE yearly credits the unused days of the month, exactly in cents', async () => {
    setClock('2026-02-01T09:00:00Z');
    const office = await createTestOffice(server);
    const first = await buy(office.token, 'P1M');
    expect(first.buy.endPeriodAt).toBe('2026-03-01T09:00:00.000Z');

    setClock('2026-02-19T15:30:00Z'); // 10 of 28 days left
    const quote = await http.get('/api/billing/quote?planCode=P2Y', office.token);
    expect(quote.statusCode).toBe(200);
    const creditNet = Math.floor((2900 * 10) / 28); // 1035
    const net = 79000 - creditNet;
    const vat = Math.round((net * 19) / 100);
    expect(quote.json()).toEqual({
      planCode: 'P2Y',
      tier: 'P2',
      period: 'YEAR',
      priceNet: 79000,
      remainingDays: 10,
      creditNet,
      net,
      vatPercent: 19,
      reverseCharge: false,
      vat,
      gross: net + vat,
      grossDiscount: 79000 + Math.round((79000 * 19) / 100) - (net + vat),
    });

    const upgraded = await buy(office.token, 'P2Y');
    expect(upgraded.invoice).toMatchObject({ creditNet, net, vat, gross: net + vat });
    expect(upgraded.buy).toMatchObject({
      startAt: '2026-02-19T15:30:00.000Z',
      endPeriodAt: '2027-02-19T15:30:00.000Z',
    });
    const billing = await billingOf(office.token);
    expect(billing.buys.map((b) => [b.planCode, b.status])).toEqual([
      ['P2Y', 'ACTIVE'],
      ['P1M', 'UPGRADED'],
    ]);

    const text = await invoiceText(office.token, upgraded.invoice._id);
    expect(text).toContain(`Rechnung ${upgraded.invoice.number}`);
    expect(text).toContain('Plankurier ENTERPRISE Jahresabo');
    expect(text).toContain('Gutschrift für 10 ungenutzte Tage Plankurier PRO Monatsabo');
    expect(text).toContain('-10,35 €');
    expect(text).toContain('790,00 €');
    expect(text).toMatch(/Summe netto\s+779,65 €/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+148,13 €/);
    expect(text).toMatch(/Gesamtbetrag brutto\s+927,78 €/);
    expect(text).toContain('19.02.2026 – 18.02.2027');
  });
});

describe('invoices as PDF', () => {
  test('the German invoice names seller and buyer with umlauts, the amounts and the due date', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await createTestOffice(server);
    const profile = await http.put(
      '/api/user',
      {
        updateType: 'UPDATE_PROFILE',
        company: 'Müller & Söhne Architektur',
        streetName: 'Großbeerenstraße',
        streetNumber: '12a',
        cityCode: '10963',
        cityName: 'Berlin',
      },
      office.token,
    );
    expect(profile.statusCode).toBe(200);
    const { invoice } = await buy(office.token, 'P1Y');
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toMatch(new RegExp(`Rechnungsnummer\\s+${invoice.number}`));
    expect(text).toContain('Müller & Söhne Architektur');
    expect(text).toContain('Großbeerenstraße 12a');
    expect(text).toContain('10963 Berlin');
    expect(text).toContain('Plankurier GmbH');
    expect(text).toContain('Friedrichstraße 68');
    expect(text).toContain('Plankurier PRO Jahresabo');
    expect(text).toMatch(/Summe netto\s+290,00 €/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+55,10 €/);
    expect(text).toMatch(/Gesamtbetrag brutto\s+345,10 €/);
    expect(text).toMatch(/Zahlbar bis\s+15\.06\.2026/);
    expect(text).toContain('ohne Abzug bis zum 15.06.2026');
    expect(text).not.toContain('Gutschrift');
  });

  test('the invoice carries what § 14 UStG asks: seller’s register, VAT ID and tax number, quantity, period, payment details', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await createTestOffice(server);
    const { invoice } = await buy(office.token, 'P1M');
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toMatch(/Rechnungsdatum\s+01\.06\.2026/);
    expect(text).toMatch(/Leistungszeitraum\s+01\.06\.2026 – 30\.06\.2026/);
    expect(text).toMatch(/Pos\.\s+Menge\s+Leistung\s+Einzelpreis\s+Betrag/);
    expect(text).toMatch(/1\s+1\s+Plankurier PRO Monatsabo\s+29,00 €\s+29,00 €/);
    expect(text).toContain('USt-IdNr. DE123456788');
    expect(text).toContain('Steuernummer 37/123/45678');
    expect(text).toContain('Geschäftsführung: Anna Beispiel');
    expect(text).toContain('Amtsgericht Charlottenburg');
    expect(text).toContain('HRB 123456 B');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `unter Angabe der Rechnungsnummer ${invoice.number} auf folgendes Konto:`,
    );
    expect(text).toContain('Commerzbank · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX');
    expect(text).toMatch(/Umsatzsteuer 19 %\s+5,51 €/);
    expect(text).not.toContain('Steuerschuldnerschaft');
  });

  test('an office with locale en gets an English invoice', async () => {
    const office = await signUpOffice(server.app, server.smtp, { locale: 'en', company: 'Studio Öz' });
    const { invoice } = await buy(office.token, 'P2M');
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Plankurier ENTERPRISE monthly subscription');
    expect(text).toContain('Studio Öz');
    expect(text).toMatch(/VAT 19 %\s+€15\.01/);
  });

  test('another office’s invoice answers 404; a download needs a valid, unexpired token', async () => {
    setClock('2026-06-01T08:00:00Z');
    const owner = await createTestOffice(server);
    const stranger = await createTestOffice(server);
    const { invoice } = await buy(owner.token, 'P1M');
    expect((await http.post(`/api/invoice/${invoice._id}/download-link`, {}, stranger.token)).statusCode).toBe(404);

    const { url } = (await http.post(`/api/invoice/${invoice._id}/download-link`, {}, owner.token)).json<{
      url: string;
    }>();
    expect((await http.get(url.replace(/token=.*/, 'token=' + 'x'.repeat(43)))).statusCode).toBe(404);
    expect((await http.get(url.replace(/\?token=.*/, ''))).statusCode).toBe(401);
    setClock('2026-06-01T08:06:00Z');
    expect((await http.get(url)).statusCode).toBe(404);
  });
});

describe('renewal and expiry at the period end', () => {
  test('with autoRenewBuy the plan renews for the next period with a new invoice, also across several periods', async () => {
    setClock('2026-01-31T10:00:00Z');
    const office = await createTestOffice(server);
    const first = await buy(office.token, 'P1M', true);
    expect(first.buy.endPeriodAt).toBe('2026-02-28T10:00:00.000Z');

    setClock('2026-02-28T10:00:01Z');
    expect(await userOf(office.token)).toMatchObject({ tier: 'P1', buyPeriod: 'MONTH', autoRenewBuy: true });
    let billing = await billingOf(office.token);
    expect(billing.activeBuy).toMatchObject({
      startAt: '2026-02-28T10:00:00.000Z',
      endPeriodAt: '2026-03-28T10:00:00.000Z',
    });
    expect(billing.invoices).toHaveLength(2);
    expect(billing.invoices[0]).toMatchObject({ gross: 3451, creditNet: 0 });

    setClock('2026-05-01T00:00:00Z'); // three more period ends: 28.3., 28.4.
    billing = await billingOf(office.token);
    expect(billing.buys.map((b) => [b.status, b.startAt.slice(0, 10)])).toEqual([
      ['ACTIVE', '2026-04-28'],
      ['RENEWED', '2026-03-28'],
      ['RENEWED', '2026-02-28'],
      ['RENEWED', '2026-01-31'],
    ]);
    expect(billing.invoices.map((i) => i.periodStart.slice(0, 10))).toEqual([
      '2026-04-28',
      '2026-03-28',
      '2026-02-28',
      '2026-01-31',
    ]);
  });

  test('without autoRenewBuy the office is FREE again: its data stays, every create path beyond the limits is refused', async () => {
    setClock('2026-07-01T12:00:00Z');
    const office = await createTestOffice(server);
    await buy(office.token, 'P1M');
    const { bundle } = await createTestProject(server.app, office.token);
    await createTestProject(server.app, office.token);
    const folderId = folderOf(bundle)._id;
    for (let i = 0; i < 30; i++) await createTestDoc(server.app, office.token, folderId);
    for (let i = 0; i < 5; i++) await createTestParticipant(server.app, office.token, bundle);
    const contact = await createTestContact(server.app, office.token);

    setClock('2026-08-01T12:00:00Z');
    expect(await userOf(office.token)).toMatchObject({ tier: 'FREE', buyPeriod: null, userCanUpgrade: true });
    expect((await billingOf(office.token)).buys.map((b) => b.status)).toEqual(['EXPIRED']);

    const projects = await http.get('/api/projects', office.token);
    expect(projects.json<{ projects: unknown[] }>().projects).toHaveLength(2);
    const refused = [
      await http.post('/api/project', { number: 'P-neu', name: 'Neu' }, office.token),
      await http.post('/api/doc', { folderId, doctype: 'plan', number: 'Z-1', name: 'Neu' }, office.token),
      await http.post(
        '/api/participant',
        { projectId: bundle.project._id, contactId: contact._id, folderId: bundle.participantfolders[0]!._id },
        office.token,
      ),
      await http.post(
        '/api/contact',
        { email: uniqueEmail('neu'), projectId: bundle.project._id, folderId: bundle.participantfolders[0]!._id },
        office.token,
      ),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().msgCode])).toEqual(
      Array.from({ length: 4 }, () => [403, 'tier.limit_reached']),
    );
    const bundleAfter = (await http.get(`/api/project/${bundle.project._id}`, office.token)).json<{
      docs: unknown[];
      participants: unknown[];
    }>();
    expect([bundleAfter.docs.length, bundleAfter.participants.length]).toEqual([30, 5]);
  });

  test('switching renewal off lets the plan end at its period end; without a plan there is nothing to switch', async () => {
    setClock('2026-04-10T12:00:00Z');
    const office = await createTestOffice(server);
    const off = await http.put('/api/billing/auto-renew', { autoRenewBuy: false }, office.token);
    expect([off.statusCode, off.json().msgCode]).toEqual([404, 'common.not_found']);
    await buy(office.token, 'P1M', true);
    const bad = await http.put('/api/billing/auto-renew', { autoRenewBuy: 'nein' }, office.token);
    expect([bad.statusCode, bad.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await billingOf(office.token)).activeBuy?.autoRenewBuy).toBe(true);

    const switched = await http.put('/api/billing/auto-renew', { autoRenewBuy: false }, office.token);
    expect(switched.statusCode).toBe(200);
    expect(switched.json<BillingDto>().activeBuy).toMatchObject({ autoRenewBuy: false, planCode: 'P1M' });
    expect(await userOf(office.token)).toMatchObject({ tier: 'P1', autoRenewBuy: false });

    setClock('2026-05-10T12:00:00Z');
    expect(await userOf(office.token)).toMatchObject({ tier: 'FREE', autoRenewBuy: false });
    expect((await billingOf(office.token)).invoices).toHaveLength(1);
  });

  test('the renewal job settles accounts that nobody opens', async () => {
    setClock('2026-09-01T12:00:00Z');
    const renewing = await createTestOffice(server);
    const ending = await createTestOffice(server);
    await buy(renewing.token, 'P2M', true);
    await buy(ending.token, 'P1Y');
    setClock('2027-09-02T12:00:00Z');
    expect(await settleDueBuys(server.deps)).toBeGreaterThanOrEqual(2);
    const tiers = await server.deps.db
      .selectFrom('office')
      .select(['id', 'tier', 'buy_period'])
      .where('id', 'in', [renewing.id, ending.id])
      .execute();
    expect(Object.fromEntries(tiers.map((t) => [t.id, [t.tier, t.buy_period]]))).toEqual({
      [renewing.id]: ['P2', 'MONTH'],
      [ending.id]: ['FREE', null],
    });
    expect(await settleDueBuys(server.deps)).toBe(0);
  });
});

describe('invoice numbers', () => {
  test('concurrent purchases of many offices get consecutive numbers without gaps or duplicates', async () => {
    setClock('2026-10-01T12:00:00Z');
    const offices = await Promise.all(Array.from({ length: 8 }, () => createTestOffice(server)));
    const before = await server.deps.db
      .selectFrom('invoice')
      .select((eb) => eb.fn.max('seq').as('max'))
      .executeTakeFirst();
    const results = await Promise.all(offices.map((o, i) => buy(o.token, i % 2 ? 'P1M' : 'P2Y')));
    const seqs = results.map((r) => Number(r.invoice.number.slice(3))).sort((a, b) => a - b);
    const start = Number(before?.max ?? 0) + 1;
    expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => start + i));
  });

  test('two concurrent purchases of one office: one wins, the other is refused, and no number is lost', async () => {
    setClock('2026-10-01T12:00:00Z');
    const office = await createTestOffice(server);
    const other = await createTestOffice(server);
    const responses = await Promise.all(
      ['P2M', 'P2Y'].map((planCode) => http.post('/api/billing/buy', { planCode, autoRenewBuy: false }, office.token)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().msgCode).toBe('billing.biggest_plan');
    const winner = responses.find((r) => r.statusCode === 201)!.json<BuyResult>().invoice;
    const next = await buy(other.token, 'P1M');
    expect(Number(next.invoice.number.slice(3))).toBe(Number(winner.number.slice(3)) + 1);
    const all = await server.deps.db.selectFrom('invoice').select('seq').orderBy('seq').execute();
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

describe("the office's VAT ID and reverse charge", () => {
  const setVatId = (token: string, vatId: string) =>
    http.put('/api/user', { updateType: 'UPDATE_PROFILE', vatId }, token);

  test('is part of the billing address: checked (format and check digit), kept in its written form, removable', async () => {
    const office = await createTestOffice(server);
    for (const wrong of ['DE123456789', 'ATU1234567', 'CHE-123.456.789', 'Berlin']) {
      const res = await setVatId(office.token, wrong);
      expect([res.statusCode, res.json().msgCode]).toEqual([400, 'office.vat_id_invalid']);
    }
    expect((await userOf(office.token)).vatId).toBe('');
    const saved = await setVatId(office.token, 'atu 1234 5675');
    expect([saved.statusCode, saved.json<User>().vatId]).toEqual([200, 'ATU12345675']);
    const cleared = await setVatId(office.token, '');
    expect(cleared.json<User>().vatId).toBe('');
  });

  test('only owners set it', async () => {
    const office = await createTestOffice(server);
    const member = await createTestOffice(server);
    await server.deps.db
      .insertInto('office_member')
      .values({ office_id: office.id, user_id: member.userId, role: 'member' })
      .execute();
    const switched = await http.put('/api/session/office', { officeId: office.id }, member.token);
    expect(switched.statusCode).toBe(200);
    const res = await setVatId(member.token, 'ATU12345675');
    expect([res.statusCode, res.json().msgCode]).toEqual([403, 'common.forbidden']);
  });

  test('an office with a VAT ID of another EU member state is billed by reverse charge: no VAT, the note, its VAT ID', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await signUpOffice(server.app, server.smtp, { company: 'Studio Wien' });
    expect((await setVatId(office.token, 'ATU12345675')).statusCode).toBe(200);
    const quote = await http.get('/api/billing/quote?planCode=P1Y', office.token);
    expect(quote.json()).toMatchObject({ net: 29000, vatPercent: 0, reverseCharge: true, vat: 0, gross: 29000 });
    const { invoice } = await buy(office.token, 'P1Y');
    expect(invoice).toMatchObject({ net: 29000, vat: 0, gross: 29000, vatPercent: 0, reverseCharge: true });
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toMatch(/Deine USt-IdNr\.\s+ATU12345675/);
    expect(text).toMatch(/Umsatzsteuer 0 % – Steuerschuldnerschaft des Leistungsempfängers\s+0,00 €/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Die Umsatzsteuer schuldet der Leistungsempfänger, USt-IdNr. ATU12345675.',
    );
    expect(text).toMatch(/Gesamtbetrag brutto\s+290,00 €/);
  });

  test('a German VAT ID keeps German VAT; it is printed as the buyer’s', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await createTestOffice(server);
    expect((await setVatId(office.token, 'DE 136 695 976')).statusCode).toBe(200);
    const { invoice } = await buy(office.token, 'P1M');
    expect(invoice).toMatchObject({ vat: 551, vatPercent: 19, reverseCharge: false });
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toMatch(/Deine USt-IdNr\.\s+DE136695976/);
    expect(text).not.toContain('Steuerschuldnerschaft');
  });
});

describe('the confirmation mail after buying', () => {
  test('goes to the owner who bought, in their language, with the invoice PDF attached; once', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await createTestOffice(server);
    const { invoice } = await buy(office.token, 'P1M');
    const mail = await invoiceMailOf(invoice.number);
    expect(mail.envelopeTo).toEqual([office.email]);
    expect(mail.parsed.subject).toBe(`Plankurier: Danke für deine Bestellung – Rechnung ${invoice.number}`);
    expect(mail.parsed.text).toContain(
      'Büro Anna hat jetzt Plankurier PRO Monatsabo, für den Zeitraum 01.06.2026 – 30.06.2026.',
    );
    expect(mail.parsed.text).toContain(`Die Rechnung ${invoice.number} über 34,51 € liegt dieser E-Mail als PDF bei.`);
    expect(mail.parsed.text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    const pdf = attachedPdf(mail);
    expect(pdf.filename).toBe(`${invoice.number}.pdf`);
    const text = pdfText(pdf.bytes);
    expect(text).toContain(`Rechnung ${invoice.number}`);
    expect(text).toMatch(/Gesamtbetrag brutto\s+34,51 €/);
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');

    // The job ran: a second run (a retry, a redelivered job) mails nothing.
    await until(async () => {
      const row = await server.deps.db
        .selectFrom('invoice')
        .select('mailed_at')
        .where('id', '=', invoice._id)
        .executeTakeFirstOrThrow();
      return row.mailed_at !== null;
    });
    await sendInvoiceMail(server.deps, { invoiceId: invoice._id, kind: 'buy' });
    expect(server.smtp.messages.filter((m) => m.parsed.subject?.includes(invoice.number))).toHaveLength(1);
  });

  test('an English owner gets it in English; a renewal sends its own', async () => {
    setClock('2026-06-01T08:00:00Z');
    const office = await signUpOffice(server.app, server.smtp, { locale: 'en', company: 'Studio Öz' });
    const { invoice } = await buy(office.token, 'P1M', true);
    const mail = await invoiceMailOf(invoice.number);
    expect(mail.parsed.subject).toBe(`Plankurier: thank you for your order – invoice ${invoice.number}`);
    expect(mail.parsed.text).toContain('Studio Öz now has the Plankurier PRO monthly subscription');
    expect(pdfText(attachedPdf(mail).bytes)).toContain(`Invoice ${invoice.number}`);

    setClock('2026-07-01T08:00:01Z');
    const renewed = (await billingOf(office.token)).invoices[0]!;
    expect(renewed.number).not.toBe(invoice.number);
    const renewal = await invoiceMailOf(renewed.number);
    expect(renewal.parsed.subject).toBe(`Plankurier: your subscription was renewed – invoice ${renewed.number}`);
    expect(renewal.envelopeTo).toEqual([office.user.email]);
  });
});
