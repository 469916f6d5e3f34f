import { sql } from 'kysely';
import { RECEIPT_MAX_REMINDERS } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

/**
 * Confirms a recipient's mail, once: the statement that checks for an earlier confirmation sets
 * it, so two clicks (two tabs, a retry) confirm one time. Answers nothing when it was confirmed.
 */
export const confirmRecipientReceipt = (db: Db, recipientId: string, given: { name: string; remark: string }) =>
  db
    .updateTable('delivery_recipient')
    .set({ receipt_confirmed_at: sql<Date>`now()`, receipt_name: given.name, receipt_remark: given.remark })
    .where('id', '=', recipientId)
    .where('receipt_confirmed_at', 'is', null)
    .returning(['receipt_confirmed_at', 'receipt_name', 'receipt_remark'])
    .executeTakeFirst();

/** The plans and indexes a recipient's mail carried, each once, in the mail's order. */
export const plansOfRecipient = (db: Db, recipientId: string) =>
  db
    .selectFrom('delivery_file')
    .innerJoin('file', 'file.id', 'delivery_file.file_id')
    .innerJoin('version', 'version.id', 'file.version_id')
    .innerJoin('doc', 'doc.id', 'file.doc_id')
    // Left joins: a plan withdrawn since (out of its folder) was still in the mail.
    .leftJoin('doc_folder', 'doc_folder.id', 'doc.folder_id')
    .leftJoin('phase', 'phase.id', 'doc_folder.phase_id')
    .select(['doc.id as doc_id', 'doc.number', 'doc.name', 'version.index'])
    .distinct()
    .select(['phase.sort_order as phase_order', 'doc_folder.sort_order as folder_order', 'doc.sort_order as doc_order'])
    .where('delivery_file.recipient_id', '=', recipientId)
    .orderBy('phase_order') // ascending: a withdrawn plan (no phase) comes last
    .orderBy('folder_order')
    .orderBy('doc_order')
    .execute();

/**
 * Takes the recipients due for a reminder at `now` and marks them reminded in the same statement
 * (a second process running the schedule at the same moment finds them taken): mails that asked
 * for a confirmation, went out, are neither confirmed, revoked nor bounced for good, and whose
 * last reminder (else the sending) lies the delivery's reminder days back — and at least a day.
 */
export const takeDueReminders = (db: Db, now: Date, limit: number) =>
  sql<{
    id: string;
    delivery_id: string;
    participant_id: string;
    email: string;
    envelope_token: string;
    download_token_hash: Buffer | null;
    sent_at: Date;
    reminders: number;
    office_id: string;
    project_id: string;
    sent_by: string | null;
    sender_email: string;
    subject: string;
    project_number: string;
    project_name: string;
    first_name: string;
    last_name: string;
    company: string;
    locale: 'de' | 'en';
  }>`
    update delivery_recipient r
    set receipt_reminded_at = ${now}, receipt_reminders = r.receipt_reminders + 1
    from delivery d, project, participant p, contact c
    where r.id in (
        select due.id from delivery_recipient due join delivery dd on dd.id = due.delivery_id
        where dd.receipt_requested and dd.receipt_reminder_days is not null
          and due.status = 'SUCCESS' and due.receipt_confirmed_at is null and due.revoked_at is null
          and due.bounce_state <> 'permanent' and due.receipt_reminders < ${RECEIPT_MAX_REMINDERS}
          and coalesce(due.receipt_reminded_at, due.sent_at) <= ${now}::timestamptz - make_interval(days => dd.receipt_reminder_days)
          and (due.receipt_reminded_at is null or due.receipt_reminded_at <= ${now}::timestamptz - interval '1 day')
        order by due.sent_at
        limit ${limit}
        for update of due skip locked
      )
      and d.id = r.delivery_id and project.id = d.project_id and p.id = r.participant_id and c.id = p.contact_id
    returning r.id, r.delivery_id, r.participant_id, r.email, r.envelope_token, r.download_token_hash, r.sent_at,
      r.receipt_reminders as reminders, d.office_id, d.project_id, d.sent_by, d.sender_email, d.subject,
      project.number as project_number, project.name as project_name, c.first_name, c.last_name, c.company,
      c.locale`
    .execute(db)
    .then((result) => result.rows);
