import { sql } from 'kysely';
import type { BounceDto } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

export interface BounceStates {
  ofParticipant: (participantId: string) => BounceDto | null;
  ofSub: (subId: string) => BounceDto | null;
  /** Whether any subscription has one (the compact load asks ofSub only then). */
  anyOfSub: boolean;
}

interface LatestRow {
  key: string | null;
  bounce_state: 'none' | 'transient' | 'permanent';
  bounced_at: Date | null;
  bounce_status: string | null;
  bounce_diagnostic: string | null;
}

const toBounce = (row: LatestRow): BounceDto | null =>
  row.bounce_state === 'none'
    ? null
    : {
        kind: row.bounce_state,
        at: row.bounced_at?.toISOString() ?? '',
        status: row.bounce_status,
        diagnostic: row.bounce_diagnostic,
      };

/**
 * The bounce of the latest sent mail per participant and per subscription of a project. Only the
 * latest counts: once the office corrected the address and sent again, the old bounce is history
 * (the timeline keeps it).
 */
export async function loadBounceStates(db: Db, projectId: string): Promise<BounceStates> {
  const byParticipant = await db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select([
      sql<string>`distinct on (r.participant_id) r.participant_id`.as('key'),
      'r.bounce_state',
      'r.bounced_at',
      'r.bounce_status',
      'r.bounce_diagnostic',
    ])
    .where('d.project_id', '=', projectId)
    .where('r.status', '=', 'SUCCESS')
    .orderBy('r.participant_id')
    .orderBy('r.sent_at', 'desc')
    .execute();
  const bySub = await db
    .selectFrom('delivery_file as f')
    .innerJoin('delivery_recipient as r', 'r.id', 'f.recipient_id')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select([
      sql<string>`distinct on (f.sub_id) f.sub_id`.as('key'),
      'r.bounce_state',
      'r.bounced_at',
      'r.bounce_status',
      'r.bounce_diagnostic',
    ])
    .where('d.project_id', '=', projectId)
    .where('r.status', '=', 'SUCCESS')
    .where('f.sub_id', 'is not', null)
    .orderBy('f.sub_id')
    .orderBy('r.sent_at', 'desc')
    .execute();
  const participants = new Map(byParticipant.map((row) => [row.key, toBounce(row)]));
  const subs = new Map(bySub.map((row) => [row.key, toBounce(row)]));
  return {
    ofParticipant: (id) => participants.get(id) ?? null,
    ofSub: (id) => subs.get(id) ?? null,
    anyOfSub: [...subs.values()].some(Boolean),
  };
}
