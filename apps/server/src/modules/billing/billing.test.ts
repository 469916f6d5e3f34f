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
import { settleDueBuys } from './service.ts';

/** The billing clock of this server: tests move it forward instead of waiting. */
let clock = new Date('2026-01-31T10:00:00Z');
const setClock = (iso: string) => {
  clock = new Date(iso);
};

let server: TestServer;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
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

async function invoiceText(token: string, invoiceId: string): Promise<string> {
  const link = await http.post(`/api/invoice/${invoiceId}/download-link`, {}, token);
  expect(link.statusCode).toBe(200);
  const res = await server.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const file = path.join(os.tmpdir(), `billing-test-${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file);
  }
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

  test('an office with locale en gets an English invoice', async () => {
    const office = await signUpOffice(server.app, server.smtp, { locale: 'en', company: 'Studio Öz' });
    const { invoice } = await buy(office.token, 'P2M');
    const text = await invoiceText(office.token, invoice._id);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Plankurier ENTERPRISE monthly plan');
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
