import { inVisibleProject, madeBySomeoneWhoSees, type Actor } from '../offices/access.ts';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PrintTable } from '../../db/types.ts';

const printColumns = [
  'print.id',
  'print.office_id',
  'print.created_by',
  'print.project_id',
  'print.type',
  'print.params',
  'print.status',
  'print.number_of_pages',
  'print.number_of_pages_processed',
  'print.filename',
  'print.storage_key',
  'print.size',
] as const;

export const insertPrint = (db: Db, values: Insertable<PrintTable>) =>
  db.insertInto('print').values(values).returning(printColumns).executeTakeFirstOrThrow();

/** The office's print, unexpired. */
export const findPrint = (db: Db, actor: Actor, printId: string) =>
  db
    .selectFrom('print')
    .select(printColumns)
    .where('id', '=', printId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'print.project_id'))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

export type PrintRow = NonNullable<Awaited<ReturnType<typeof findPrint>>>;

/** For the worker: the print whatever its office. */
export const findPrintForWorker = (db: Db, printId: string) =>
  db.selectFrom('print').select(printColumns).where('id', '=', printId).executeTakeFirst();

export const deletePrintRow = (db: Db, actor: Actor, printId: string) =>
  db
    .deleteFrom('print')
    .where('id', '=', printId)
    .where('office_id', '=', actor.officeId)
    .where(inVisibleProject(actor, 'print.project_id'))
    .returning(['id', 'project_id', 'storage_key'])
    .executeTakeFirst();

/** Progress of a running print; no row back means it was cancelled meanwhile. */
export const updatePrintProgress = (db: Db, printId: string, pages: number, processed: number) =>
  db
    .updateTable('print')
    .set({ number_of_pages: pages, number_of_pages_processed: processed })
    .where('id', '=', printId)
    .where('status', '=', 'RUNNING')
    .returning(printColumns)
    .executeTakeFirst();

export const finishPrintRow = (db: Db, printId: string, file: { storageKey: string; size: number; pages: number }) =>
  db
    .updateTable('print')
    .set({
      status: 'FINISHED',
      storage_key: file.storageKey,
      size: file.size,
      number_of_pages: file.pages,
      number_of_pages_processed: file.pages,
      finished_at: sql<Date>`now()`,
    })
    .where('id', '=', printId)
    .where('status', '=', 'RUNNING')
    .returning(printColumns)
    .executeTakeFirst();

export const failPrintRow = (db: Db, printId: string) =>
  db
    .updateTable('print')
    .set({ status: 'FAILED', finished_at: sql<Date>`now()` })
    .where('id', '=', printId)
    .where('status', '=', 'RUNNING')
    .returning(printColumns)
    .executeTakeFirst();

/** Removes expired prints (their tokens go by cascade) and gives back their stored files. */
export const deleteExpiredPrints = (db: Db) =>
  db
    .deleteFrom('print')
    .where('expires_at', '<=', sql<Date>`now()`)
    .returning(['id', 'storage_key'])
    .execute();

export const insertPrintDownloadToken = (
  db: Db,
  row: { tokenHash: Buffer; printId: string; actor: Actor; ttlSeconds: number },
) =>
  db
    .insertInto('print_download_token')
    .values({
      token_hash: row.tokenHash,
      print_id: row.printId,
      office_id: row.actor.officeId,
      user_id: row.actor.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .execute();

export const deleteExpiredPrintDownloadTokens = (db: Db) =>
  db
    .deleteFrom('print_download_token')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();

/** The finished print a valid, unexpired token opens, scoped by the office that made the link. */
export const findPrintByDownloadToken = (db: Db, printId: string, tokenHash: Buffer) =>
  db
    .selectFrom('print_download_token as t')
    .innerJoin('print', (join) =>
      join.onRef('print.id', '=', 't.print_id').onRef('print.office_id', '=', 't.office_id'),
    )
    .select(printColumns)
    .where('t.token_hash', '=', tokenHash)
    .where(madeBySomeoneWhoSees('t.office_id', 't.user_id', 'print.project_id'))
    .where('t.print_id', '=', printId)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('print.status', '=', 'FINISHED')
    .where('print.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
