import { randomBytes } from 'node:crypto';
import {
  TIERS,
  canUpgradeTo,
  errors,
  hasBiggestPlan,
  isReverseCharge,
  periodEnd,
  planCode,
  quoteUpgrade,
  upgradeOptions,
  type BillingDto,
  type BuyBody,
  type BuyDto,
  type BuyResult,
  type InvoiceDto,
  type PaidPlanCode,
  type UpgradeQuote,
} from '@plankurier/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { InvoiceMailJob } from './invoice-mail.ts';
import type { InvoiceAddress } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { sha256 } from '../auth/secrets.ts';
import { requireRole, type Actor } from '../offices/access.ts';
import { findUserById } from '../users/queries.ts';
import type { OfficeRow, UserRow } from '../users/to-user-dto.ts';
import { paymentProviderFor } from './payment-provider.ts';
import {
  deleteExpiredInvoiceTokens,
  findActiveBuy,
  findInvoice,
  findInvoiceByToken,
  insertBuy,
  insertInvoice,
  insertInvoiceDownloadToken,
  listAccountsWithDueBuys,
  listBuys,
  listInvoices,
  lockAccount,
  nextInvoiceSeq,
  setBuyStatus,
  type BuyRow,
  type InvoiceRow,
} from './queries.ts';

type BillingDeps = Pick<Deps, 'db' | 'config' | 'jobs'>;

const INVOICE_LINK_TTL_MS = 5 * 60 * 1000;

export const invoiceNumberOf = (seq: number) => `RE-${String(seq).padStart(6, '0')}`;

const toBuyDto = (row: BuyRow): BuyDto => ({
  _id: row.id,
  status: row.status,
  tier: { name: row.tier, displayName: TIERS[row.tier].displayName },
  period: row.period,
  planCode: planCode(row.tier, row.period),
  startAt: row.start_at.toISOString(),
  endPeriodAt: row.end_period_at.toISOString(),
  autoRenewBuy: row.auto_renew_buy,
  discountPercent: row.discount_percent,
});

const toInvoiceDto = (row: InvoiceRow): InvoiceDto => ({
  _id: row.id,
  number: row.number,
  issuedAt: row.issued_at.toISOString(),
  dueAt: row.due_at.toISOString(),
  planCode: row.plan_code,
  periodStart: row.period_start.toISOString(),
  periodEnd: row.period_end.toISOString(),
  net: row.net,
  vatPercent: row.vat_percent,
  reverseCharge: row.reverse_charge,
  vat: row.vat,
  gross: row.gross,
  creditNet: row.credit_net,
  status: row.status,
});

/** The office's billing address (spec §3) and the person buying, kept on the invoice as they were. */
const buyerOf = (office: OfficeRow, person: UserRow): InvoiceAddress => ({
  company: office.company,
  name: [person.first_name, person.last_name].filter(Boolean).join(' '),
  streetName: office.street_name,
  streetNumber: office.street_number,
  cityCode: office.city_code,
  cityName: office.city_name,
  email: person.email,
  vatId: office.vat_id,
});

/** Reverse charge for an office whose VAT ID is of another EU member state than the seller's. */
const reverseChargeFor = (config: BillingDeps['config'], office: Pick<OfficeRow, 'vat_id'>) =>
  isReverseCharge(office.vat_id, config.seller.vatId);

/** The person an invoice names: who buys, or for a renewal the office's longest-standing owner. */
async function buyerPerson(db: Db, officeId: string, userId?: string): Promise<UserRow> {
  const id =
    userId ??
    (
      await db
        .selectFrom('office_member')
        .select('user_id')
        .where('office_id', '=', officeId)
        .where('role', '=', 'owner')
        .orderBy('created_at')
        .executeTakeFirstOrThrow()
    ).user_id;
  const person = await findUserById(db, id);
  if (!person) throw errors.notFound();
  return person;
}

/**
 * Numbers the invoice inside the caller's transaction, records how it gets paid, and queues its
 * confirmation mail with the PDF to the person it names (the job exists exactly when the invoice does).
 */
async function issueInvoice(
  { db, config, jobs }: BillingDeps & { db: Transaction<Database> },
  account: OfficeRow,
  person: UserRow,
  buy: BuyRow,
  quote: UpgradeQuote,
  creditPlanCode: string | null,
  issuedAt: Date,
  kind: InvoiceMailJob['kind'],
): Promise<InvoiceRow> {
  const seq = await nextInvoiceSeq(db);
  const number = invoiceNumberOf(seq);
  const payment = await paymentProviderFor().collect({ invoiceNumber: number, grossCents: quote.gross, issuedAt });
  const invoice = await insertInvoice(db, {
    office_id: account.id,
    buy_id: buy.id,
    seq,
    number,
    issued_at: issuedAt,
    due_at: payment.dueAt,
    status: payment.status,
    plan_code: quote.planCode,
    period_start: buy.start_at,
    period_end: buy.end_period_at,
    price_net: quote.priceNet,
    credit_net: quote.creditNet,
    credit_days: quote.remainingDays,
    credit_plan_code: creditPlanCode,
    net: quote.net,
    vat: quote.vat,
    gross: quote.gross,
    vat_percent: quote.vatPercent,
    reverse_charge: quote.reverseCharge,
    locale: person.locale,
    seller: JSON.stringify(config.seller),
    buyer: JSON.stringify(buyerOf(account, person)),
  });
  await jobs.enqueue(db, QUEUES.invoiceMail, {
    invoiceId: invoice.id,
    kind,
  } satisfies InvoiceMailJob);
  return invoice;
}

/** The office's tier fields follow its running buy (or FREE without one). */
async function applyTier(db: Db, officeId: string, buy: BuyRow | null) {
  await db
    .updateTable('office')
    .set(
      buy
        ? {
            tier: buy.tier,
            buy_period: buy.period,
            auto_renew_buy: buy.auto_renew_buy,
            discount_percent: buy.discount_percent,
          }
        : { tier: 'FREE', buy_period: null, auto_renew_buy: false },
    )
    .where('id', '=', officeId)
    .execute();
}

/**
 * Brings one account's buys up to the clock: a buy past its period end renews for another period
 * (with a new invoice) when autoRenewBuy is set, otherwise it expires and the account is FREE again.
 * Nothing else changes: projects, docs and participants above the FREE limits stay, creating more is refused.
 */
async function settleInTransaction(
  deps: BillingDeps & { db: Transaction<Database> },
  account: OfficeRow,
  now: Date,
  buyer?: UserRow,
) {
  let active = (await findActiveBuy(deps.db, account.id)) ?? null;
  const before = active?.id;
  while (active && active.end_period_at <= now) {
    if (!active.auto_renew_buy) {
      await setBuyStatus(deps.db, active.id, 'EXPIRED');
      active = null;
      break;
    }
    await setBuyStatus(deps.db, active.id, 'RENEWED');
    const start = active.end_period_at;
    const renewed = await insertBuy(deps.db, {
      office_id: account.id,
      tier: active.tier,
      period: active.period,
      status: 'ACTIVE',
      start_at: start,
      end_period_at: periodEnd(start, active.period),
      auto_renew_buy: true,
      discount_percent: active.discount_percent,
      net_cents: active.net_cents,
    });
    const quote = quoteUpgrade(
      planCode(renewed.tier, renewed.period) as PaidPlanCode,
      null,
      start,
      renewed.discount_percent,
      reverseChargeFor(deps.config, account),
    );
    const person = buyer ?? (await buyerPerson(deps.db, account.id));
    await issueInvoice(deps, account, person, renewed, quote, null, start, 'renewal');
    active = renewed;
  }
  if (active?.id !== before) await applyTier(deps.db, account.id, active);
  return active;
}

export async function settleAccount(deps: BillingDeps, officeId: string): Promise<void> {
  const now = deps.config.now();
  // Most calls find nothing due; only then take the lock.
  const active = await findActiveBuy(deps.db, officeId);
  if (!active || active.end_period_at > now) return;
  await deps.db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, officeId);
    await settleInTransaction({ ...deps, db: tx }, account, now);
  });
}

/** The renewal job: every account whose period has ended. */
export async function settleDueBuys(deps: BillingDeps): Promise<number> {
  const due = await listAccountsWithDueBuys(deps.db, deps.config.now());
  for (const { office_id } of due) await settleAccount(deps, office_id);
  return due.length;
}

const currentPlanOf = (account: Pick<OfficeRow, 'tier' | 'buy_period'>) => planCode(account.tier, account.buy_period);

const findOfficeRow = (db: Db, officeId: string) =>
  db.selectFrom('office').selectAll().where('id', '=', officeId).executeTakeFirstOrThrow();

/** The subscription and its invoices are the owners' alone. */
export async function getBilling(deps: BillingDeps, actor: Actor): Promise<BillingDto> {
  requireRole(actor, 'owner');
  const { officeId } = actor;
  await settleAccount(deps, officeId);
  const account = await findOfficeRow(deps.db, officeId);
  const [active, buys, invoices] = await Promise.all([
    findActiveBuy(deps.db, officeId),
    listBuys(deps.db, officeId),
    listInvoices(deps.db, officeId),
  ]);
  const current = currentPlanOf(account);
  return {
    currentPlanCode: current,
    upgradeOptions: upgradeOptions(current),
    activeBuy: active ? toBuyDto(active) : null,
    buys: buys.map(toBuyDto),
    invoices: invoices.map(toInvoiceDto),
  };
}

/** The top tier has its own message (spec §4); below it, the plan the office has is named as such. */
function checkLadder(current: ReturnType<typeof currentPlanOf>, target: PaidPlanCode) {
  if (hasBiggestPlan(current)) throw errors.biggestPlan();
  if (current === target) throw errors.currentPlan();
  if (!canUpgradeTo(current, target)) throw errors.upgradeNotAllowed();
}

const valueOf = (buy: BuyRow | undefined) =>
  buy ? { startAt: buy.start_at, endPeriodAt: buy.end_period_at, netCents: buy.net_cents } : null;

/** What a buy of `target` would cost now, with the credit for the current plan's unused days. */
export async function quoteFor(deps: BillingDeps, actor: Actor, target: PaidPlanCode): Promise<UpgradeQuote> {
  requireRole(actor, 'owner');
  const { officeId } = actor;
  await settleAccount(deps, officeId);
  const account = await findOfficeRow(deps.db, officeId);
  checkLadder(currentPlanOf(account), target);
  const active = await findActiveBuy(deps.db, officeId);
  return quoteUpgrade(
    target,
    valueOf(active),
    deps.config.now(),
    account.discount_percent,
    reverseChargeFor(deps.config, account),
  );
}

/**
 * Buys or upgrades to `planCode`: the running buy ends as UPGRADED, its unused days are credited,
 * the new buy starts now, and the invoice is numbered in the same transaction.
 */
export async function buyPlan(deps: BillingDeps, actor: Actor, body: BuyBody): Promise<BuyResult> {
  requireRole(actor, 'owner');
  const { officeId } = actor;
  const now = deps.config.now();
  const { buy, invoice } = await deps.db.transaction().execute(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const account = await lockAccount(tx, officeId);
    const person = await buyerPerson(tx, officeId, actor.userId);
    const previous = await settleInTransaction(txDeps, account, now, person);
    const current = currentPlanOf(await lockAccount(tx, officeId));
    checkLadder(current, body.planCode);
    const quote = quoteUpgrade(
      body.planCode,
      valueOf(previous ?? undefined),
      now,
      account.discount_percent,
      reverseChargeFor(deps.config, account),
    );
    if (previous) await setBuyStatus(tx, previous.id, 'UPGRADED');
    const bought = await insertBuy(tx, {
      office_id: officeId,
      tier: quote.tier,
      period: quote.period,
      status: 'ACTIVE',
      start_at: now,
      end_period_at: periodEnd(now, quote.period),
      auto_renew_buy: body.autoRenewBuy,
      discount_percent: account.discount_percent,
      net_cents: quote.priceNet,
    });
    const issued = await issueInvoice(txDeps, account, person, bought, quote, previous ? current : null, now, 'buy');
    await applyTier(tx, officeId, bought);
    return { buy: bought, invoice: issued };
  });
  return { buy: toBuyDto(buy), invoice: toInvoiceDto(invoice) };
}

/** Switches renewal of the running buy on or off; without a running buy there is nothing to renew (404). */
export async function setAutoRenew(deps: BillingDeps, actor: Actor, autoRenewBuy: boolean): Promise<BillingDto> {
  requireRole(actor, 'owner');
  const { officeId } = actor;
  await deps.db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, officeId);
    const active = await settleInTransaction({ ...deps, db: tx }, account, deps.config.now());
    if (!active) throw errors.notFound();
    await tx.updateTable('buy').set({ auto_renew_buy: autoRenewBuy }).where('id', '=', active.id).execute();
    await tx.updateTable('office').set({ auto_renew_buy: autoRenewBuy }).where('id', '=', officeId).execute();
  });
  return getBilling(deps, actor);
}

export async function createInvoiceDownloadLink(
  { db, config }: BillingDeps,
  actor: Actor,
  invoiceId: string,
): Promise<{ url: string }> {
  requireRole(actor, 'owner');
  const invoice = await findInvoice(db, actor.officeId, invoiceId);
  if (!invoice) throw errors.notFound();
  const token = randomBytes(32).toString('base64url');
  const now = config.now();
  await deleteExpiredInvoiceTokens(db, now);
  await insertInvoiceDownloadToken(db, {
    tokenHash: sha256(token),
    invoiceId: invoice.id,
    userId: actor.userId,
    expiresAt: new Date(now.getTime() + INVOICE_LINK_TTL_MS),
  });
  return { url: `/api/invoice/${invoice.id}/download?token=${token}` };
}

export async function findInvoiceForDownload(
  { db, config }: BillingDeps,
  invoiceId: string,
  token: string | undefined,
): Promise<InvoiceRow> {
  if (!token) throw errors.unauthorized();
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw errors.notFound();
  const invoice = await findInvoiceByToken(db, invoiceId, sha256(token), config.now());
  if (!invoice) throw errors.notFound();
  return invoice;
}
