import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import type { BounceKind } from '@plankurier/shared';
import type { BounceReport, ParsedBounce } from './classify.ts';

type BounceDeps = Pick<Deps, 'db' | 'realtime' | 'log'>;

export type BounceOutcome = 'recorded' | 'ignored';

const SEVERITY: Record<BounceKind, number> = { transient: 1, permanent: 2 };

/**
 * The recipient row a bounce is about: by the VERP token it came back to, else by the original's
 * Message-ID. Only a sent mail can bounce; a revoked link's row takes no more news.
 */
async function findBouncedRecipient(db: Deps['db'], tokens: readonly string[], messageId: string | null) {
  const base = db
    .selectFrom('delivery_recipient as r')
    .innerJoin('delivery as d', 'd.id', 'r.delivery_id')
    .select(['r.id', 'r.email', 'r.delivery_id', 'r.participant_id', 'd.office_id', 'd.project_id'])
    .where('r.status', '=', 'SUCCESS')
    .where('r.revoked_at', 'is', null);
  if (tokens.length > 0) {
    const byToken = await base.where('r.envelope_token', 'in', tokens).executeTakeFirst();
    if (byToken) return byToken;
  }
  return messageId ? base.where('r.message_id', '=', messageId).executeTakeFirst() : undefined;
}

/**
 * The report about this recipient's address. A VERP envelope carries exactly one recipient (the
 * office's copy goes with an envelope of its own), so when no report names the address, the
 * reports are about where it led — a forward or an alias that names only its target — and the
 * worst of them is this recipient's.
 */
export function reportFor(reports: readonly BounceReport[], email: string): BounceReport | null {
  const address = email.toLowerCase();
  const naming = reports.filter((r) => r.recipients.length === 0 || r.recipients.includes(address));
  return (naming.length > 0 ? naming : reports).reduce<BounceReport | null>(
    (worst, r) => (!worst || SEVERITY[r.kind] > SEVERITY[worst.kind] ? r : worst),
    null,
  );
}

/**
 * Records a bounce on its recipient row, the timeline's e-mail event and tells the office's open
 * sessions. A permanent bounce overrides a transient one; a transient one after a permanent one
 * changes nothing. Unknown, revoked or unsent recipients are ignored.
 */
export async function recordBounce(deps: BounceDeps, bounce: ParsedBounce): Promise<BounceOutcome> {
  const { db } = deps;
  if (bounce.reports.length === 0) return 'ignored';
  const recipient = await findBouncedRecipient(db, bounce.tokens, bounce.originalMessageId);
  if (!recipient) return 'ignored';
  const report = reportFor(bounce.reports, recipient.email);
  if (!report) return 'ignored';
  const updated = await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('delivery_recipient')
      .set({
        bounce_state: report.kind,
        bounced_at: sql<Date>`now()`,
        bounce_status: report.status,
        bounce_diagnostic: report.diagnostic,
      })
      .where('id', '=', recipient.id)
      .where('bounce_state', '!=', 'permanent')
      .returning(['bounced_at'])
      .executeTakeFirst();
    if (!row) return false;
    // The e-mail event of this mail shows the bounce beside its sent time.
    const bounceData = JSON.stringify({
      bounce: {
        state: report.kind,
        at: row.bounced_at!.toISOString(),
        status: report.status,
        diagnostic: report.diagnostic,
      },
    });
    await tx
      .updateTable('timeline_event')
      .set({ data: sql`data || ${bounceData}::jsonb` })
      .where('project_id', '=', recipient.project_id)
      .where('kind', '=', 'delivery.sent')
      .where(sql<boolean>`data->>'deliveryId' = ${recipient.delivery_id}`)
      .where(sql<boolean>`data->>'participantId' = ${recipient.participant_id}`)
      .execute();
    return true;
  });
  if (!updated) return 'ignored';
  deps.log.info({ recipientId: recipient.id, kind: report.kind, status: report.status }, 'bounce recorded');
  await announceChange(
    deps,
    { officeId: recipient.office_id },
    {
      projectId: recipient.project_id,
      entity: 'participant',
      id: recipient.participant_id,
    },
  );
  return 'recorded';
}
