import { sql } from 'kysely';
import type { ReceiptStateDto } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

export interface ReceiptStates {
  ofParticipant: (participantId: string) => ReceiptStateDto | null;
  ofSub: (subId: string) => ReceiptStateDto | null;
  /** Whether any subscription has one (the compact load asks ofSub only then). */
  anyOfSub: boolean;
}

interface LatestRow {
  key: string;
  receipt_requested: boolean;
  receipt_confirmed_at: Date | null;
  receipt_name: string | null;
  index?: string | null;
}

/** Nothing to show for a mail that neither asked nor was confirmed. */
function toState(row: LatestRow): ReceiptStateDto | null {
  if (!row.receipt_requested && !row.receipt_confirmed_at) return null;
  return {
    requested: row.receipt_requested,
    confirmedAt: row.receipt_confirmed_at?.toISOString() ?? null,
    confirmedBy: row.receipt_confirmed_at ? (row.receipt_name ?? '') : null,
    ...(row.index ? { index: row.index } : {}),
  };
}

/**
 * The receipt of the latest sent mail per participant and per subscription of a project (the
 * participant list and the plan grid), as bounces are shown: a newer mail that asks again
 * replaces an older confirmation, since it carries newer indexes.
 */
export async function loadReceiptStates(db: Db, projectId: string): Promise<ReceiptStates> {
  const [byParticipant, bySub] = await Promise.all([
    db
      .selectFrom('delivery_recipient as r')
      .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
      .select([
        sql<string>`distinct on (r.participant_id) r.participant_id`.as('key'),
        'd.receipt_requested',
        'r.receipt_confirmed_at',
        'r.receipt_name',
      ])
      .where('d.project_id', '=', projectId)
      .where('r.status', '=', 'SUCCESS')
      .orderBy('r.participant_id')
      .orderBy('r.sent_at', 'desc')
      .execute(),
    db
      .selectFrom('delivery_file as f')
      .innerJoin('delivery_recipient as r', 'r.id', 'f.recipient_id')
      .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
      .innerJoin('file', 'file.id', 'f.file_id')
      .innerJoin('version', 'version.id', 'file.version_id')
      .select([
        sql<string>`distinct on (f.sub_id) f.sub_id`.as('key'),
        'd.receipt_requested',
        'r.receipt_confirmed_at',
        'r.receipt_name',
        'version.index',
      ])
      .where('d.project_id', '=', projectId)
      .where('r.status', '=', 'SUCCESS')
      .where('f.sub_id', 'is not', null)
      .orderBy('f.sub_id')
      .orderBy('r.sent_at', 'desc')
      .execute(),
  ]);
  const participants = new Map(byParticipant.map((row) => [row.key, toState(row)]));
  const subs = new Map(bySub.map((row) => [row.key, toState(row)]));
  return {
    ofParticipant: (id) => participants.get(id) ?? null,
    ofSub: (id) => subs.get(id) ?? null,
    anyOfSub: [...subs.values()].some(Boolean),
  };
}

/** Files of mails per participant: those confirmed, and those in mails that asked and wait for it. */
export interface ReceiptFiles {
  confirmed: ReadonlyMap<string, ReadonlySet<string>>;
  requested: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The files of a project's sent mails that asked for or got a confirmation, per participant (the
 * plan list's confirmation ring).
 */
export async function loadReceiptFiles(db: Db, projectId: string): Promise<ReceiptFiles> {
  const rows = await db
    .selectFrom('delivery_file as f')
    .innerJoin('delivery_recipient as r', 'r.id', 'f.recipient_id')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select(['r.participant_id', 'f.file_id', sql<boolean>`r.receipt_confirmed_at is not null`.as('confirmed')])
    .where('d.project_id', '=', projectId)
    .where('r.status', '=', 'SUCCESS')
    .where((eb) => eb.or([eb('d.receipt_requested', '=', true), eb('r.receipt_confirmed_at', 'is not', null)]))
    .execute();
  const confirmed = new Map<string, Set<string>>();
  const requested = new Map<string, Set<string>>();
  for (const row of rows) {
    const map = row.confirmed ? confirmed : requested;
    const files = map.get(row.participant_id) ?? new Set<string>();
    files.add(row.file_id);
    map.set(row.participant_id, files);
  }
  return { confirmed, requested };
}
