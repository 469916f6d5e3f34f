import { sql } from 'kysely';
import { mergeScopes, type ChangeScope } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Change } from './changes.ts';

/**
 * Which rows a change touched, from what its announcement names; null when it is too wide for
 * rows (sessions read the whole project again). Rows that are gone by now (a deleted doc) are
 * named by the id the change carries, so that sessions remove them.
 */
export async function scopeOfChanges(db: Db, changes: readonly Change[]): Promise<ChangeScope | null> {
  const scopes: (ChangeScope | null)[] = [];
  for (const change of changes) scopes.push(change.scope !== undefined ? change.scope : await scopeOf(db, change));
  return mergeScopes(scopes);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function scopeOf(db: Db, { entity, id }: Change): Promise<ChangeScope | null> {
  // Every announcement names a row by its uuid; anything else cannot be read as rows.
  if (!UUID.test(id)) return null;
  switch (entity) {
    case 'project':
    case 'phase':
    case 'folder':
    case 'participantfolder':
      return { structure: true };
    case 'doc':
      // A plan set announces itself: its docs.
      return { docs: await docsOfSetOr(db, id) };
    case 'version':
      return docScope(await db.selectFrom('version').select('doc_id').where('id', '=', id).executeTakeFirst());
    case 'file':
    case 'download':
      return docScope(await db.selectFrom('file').select('doc_id').where('id', '=', id).executeTakeFirst());
    case 'participant':
      return { participants: [id] };
    case 'subscription':
      return docScope(await db.selectFrom('subscription').select('doc_id').where('id', '=', id).executeTakeFirst());
    case 'delivery':
      return deliveryScope(db, id);
    case 'receipt':
      return participantOfRecipient(db, id);
    // Roles are the office's: a rename or removal reaches participants of every project.
    case 'role':
      return null;
  }
}

const docScope = (row: { doc_id: string } | undefined): ChangeScope | null => (row ? { docs: [row.doc_id] } : null);

async function docsOfSetOr(db: Db, id: string): Promise<string[]> {
  const inSet = await db
    .selectFrom('plan_set_file')
    .select('doc_id')
    .distinct()
    .where('plan_set_id', '=', id)
    .execute();
  return inSet.length > 0 ? inSet.map((r) => r.doc_id) : [id];
}

/** A sent mail changes its recipients' states and the sent marks of its files' versions. */
async function deliveryScope(db: Db, deliveryId: string): Promise<ChangeScope | null> {
  const [recipients, docs] = await Promise.all([
    db.selectFrom('delivery_recipient').select('participant_id').where('delivery_id', '=', deliveryId).execute(),
    sql<{ doc_id: string }>`select distinct f.doc_id from delivery_recipient r
      join delivery_file df on df.recipient_id = r.id
      join file f on f.id = df.file_id
      where r.delivery_id = ${deliveryId}`.execute(db),
  ]);
  if (recipients.length === 0) return null;
  return {
    participants: [...new Set(recipients.map((r) => r.participant_id))],
    docs: docs.rows.map((r) => r.doc_id),
  };
}

async function participantOfRecipient(db: Db, recipientId: string): Promise<ChangeScope | null> {
  const row = await db
    .selectFrom('delivery_recipient')
    .select('participant_id')
    .where('id', '=', recipientId)
    .executeTakeFirst();
  return row ? { participants: [row.participant_id] } : null;
}
