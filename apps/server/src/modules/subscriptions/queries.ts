import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SubscriptionRow } from '../participants/dto.ts';
import { liveDoc } from '../projects/queries.ts';

/** The docs among `ids` that the office owns, with what the timeline names. */
export const findOwnedDocs = (db: Db, actor: Actor, ids: readonly string[]) =>
  db
    .selectFrom('doc')
    .innerJoin('project', 'project.id', 'doc.project_id')
    .select(['doc.id', 'doc.project_id', 'doc.number', 'doc.name'])
    .where(sql<boolean>`doc.id = any(${ids}::uuid[])`)
    .where(visibleProject(actor))
    .where(liveDoc())
    .execute();

export interface SubscriptionPair {
  docId: string;
  participantId: string;
}

/** The existing subscriptions of exactly these (doc, participant) pairs. */
export const subscriptionsOfPairs = (db: Db, pairs: readonly SubscriptionPair[]) =>
  sql<Pick<SubscriptionRow, 'id' | 'doc_id' | 'participant_id' | 'gets_pdf' | 'gets_tec'> & { project_id: string }>`
    select s.id, s.project_id, s.doc_id, s.participant_id, s.gets_pdf, s.gets_tec
    from subscription s
    join unnest(${pairs.map((p) => p.docId)}::uuid[], ${pairs.map((p) => p.participantId)}::uuid[]) as i(doc_id, participant_id)
      on s.doc_id = i.doc_id and s.participant_id = i.participant_id`
    .execute(db)
    .then((r) => r.rows);

export interface SubscriptionValues extends SubscriptionPair {
  projectId: string;
  getsPdf: boolean;
  getsTec: boolean;
}

/** One insert-or-update for many subscriptions (the pairs must be distinct): a change per plan, no longer a rule's. */
export async function upsertSubscriptions(db: Db, items: readonly SubscriptionValues[]): Promise<void> {
  if (items.length === 0) return;
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
    select * from unnest(
      ${items.map((i) => i.projectId)}::uuid[], ${items.map((i) => i.docId)}::uuid[], ${items.map((i) => i.participantId)}::uuid[],
      ${items.map((i) => i.getsPdf)}::boolean[], ${items.map((i) => i.getsTec)}::boolean[])
    on conflict (doc_id, participant_id) do update
      set gets_pdf = excluded.gets_pdf, gets_tec = excluded.gets_tec, from_rule = false, updated_at = now()`.execute(
    db,
  );
}

export async function deleteSubscriptions(db: Db, pairs: readonly SubscriptionPair[]): Promise<void> {
  if (pairs.length === 0) return;
  await sql`delete from subscription s
    using unnest(${pairs.map((p) => p.docId)}::uuid[], ${pairs.map((p) => p.participantId)}::uuid[]) as i(doc_id, participant_id)
    where s.doc_id = i.doc_id and s.participant_id = i.participant_id`.execute(db);
}
