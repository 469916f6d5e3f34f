import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { madeByOwner } from '../offices/access.ts';
import type { BuyTable, InvoiceTable } from '../../db/types.ts';

export type BuyRow = Selectable<BuyTable>;
export type InvoiceRow = Selectable<InvoiceTable>;

/** The office row, locked: every billing change of one office runs one after the other. */
export const lockAccount = (db: Db, officeId: string) =>
  db.selectFrom('office').selectAll().where('id', '=', officeId).forUpdate().executeTakeFirstOrThrow();

export const findActiveBuy = (db: Db, officeId: string) =>
  db.selectFrom('buy').selectAll().where('office_id', '=', officeId).where('status', '=', 'ACTIVE').executeTakeFirst();

export const listBuys = (db: Db, officeId: string) =>
  db
    .selectFrom('buy')
    .selectAll()
    .where('office_id', '=', officeId)
    .orderBy('start_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();

export const listInvoices = (db: Db, officeId: string) =>
  db.selectFrom('invoice').selectAll().where('office_id', '=', officeId).orderBy('seq', 'desc').execute();

export const findInvoice = (db: Db, officeId: string, invoiceId: string) =>
  db.selectFrom('invoice').selectAll().where('id', '=', invoiceId).where('office_id', '=', officeId).executeTakeFirst();

/** Accounts whose running buy has reached its period end: the renewal job settles them. */
export const listAccountsWithDueBuys = (db: Db, now: Date) =>
  db.selectFrom('buy').select('office_id').where('status', '=', 'ACTIVE').where('end_period_at', '<=', now).execute();

export const insertBuy = (db: Db, buy: Insertable<BuyTable>) =>
  db.insertInto('buy').values(buy).returningAll().executeTakeFirstOrThrow();

export const setBuyStatus = (db: Db, buyId: string, status: BuyRow['status']) =>
  db.updateTable('buy').set({ status }).where('id', '=', buyId).execute();

/**
 * The next invoice number. The counter row stays locked until the purchase commits, and a rollback
 * undoes the increment: numbers are consecutive without gaps or duplicates.
 */
export const nextInvoiceSeq = async (db: Db) =>
  (
    await db
      .updateTable('invoice_counter')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('id', '=', 1)
      .returning('last_number')
      .executeTakeFirstOrThrow()
  ).last_number;

export const insertInvoice = (db: Db, invoice: Insertable<InvoiceTable>) =>
  db.insertInto('invoice').values(invoice).returningAll().executeTakeFirstOrThrow();

export const insertInvoiceDownloadToken = (
  db: Db,
  row: { tokenHash: Buffer; invoiceId: string; userId: string; expiresAt: Date },
) =>
  db
    .insertInto('invoice_download_token')
    .values({ token_hash: row.tokenHash, invoice_id: row.invoiceId, user_id: row.userId, expires_at: row.expiresAt })
    .execute();

export const deleteExpiredInvoiceTokens = (db: Db, now: Date) =>
  db.deleteFrom('invoice_download_token').where('expires_at', '<', now).execute();

export const findInvoiceByToken = (db: Db, invoiceId: string, tokenHash: Buffer, now: Date) =>
  db
    .selectFrom('invoice_download_token')
    .innerJoin('invoice', 'invoice.id', 'invoice_download_token.invoice_id')
    .selectAll('invoice')
    .where('invoice_download_token.invoice_id', '=', invoiceId)
    .where('invoice_download_token.token_hash', '=', tokenHash)
    .where(madeByOwner('invoice.office_id', 'invoice_download_token.user_id'))
    .where('invoice_download_token.expires_at', '>', now)
    .executeTakeFirst();

/** The invoice a mail job names (the job made in the invoice's transaction: no office scope needed). */
export const findInvoiceForMail = (db: Db, invoiceId: string) =>
  db.selectFrom('invoice').selectAll().where('id', '=', invoiceId).executeTakeFirst();

export const markInvoiceMailed = (db: Db, invoiceId: string) =>
  db.updateTable('invoice').set({ mailed_at: new Date() }).where('id', '=', invoiceId).execute();
