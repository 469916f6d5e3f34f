import { visibleProject, type Actor } from '../offices/access.ts';
import { sql } from 'kysely';
import type { TimelineEventType, TimelineFilterParams } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';

/** A uuid in text (the cast of anything else would fail the whole query). */
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const filled = (ids: readonly string[] | undefined): ids is readonly string[] => ids !== undefined && ids.length > 0;

/**
 * The docs an event is about: a DOC event's own doc, an EMAIL event's plans (data.docs[].docId, one
 * e-mail carries many). The doc and phase filters match either.
 */
const docIdsOfEvent = sql<string[]>`array(
  select e.doc_id::text where e.doc_id is not null
  union all
  select d->>'docId' from jsonb_array_elements(
    case when jsonb_typeof(e.data->'docs') = 'array' then e.data->'docs' else '[]'::jsonb end) d)`;

/** The project's events of one type that pass the filter; the project must be the office's. */
function filteredEvents(
  db: Db,
  actor: Actor,
  projectId: string,
  eventType: TimelineEventType,
  filter: TimelineFilterParams,
) {
  let query = db
    .selectFrom('timeline_event as e')
    .innerJoin('project', 'project.id', 'e.project_id')
    .where('e.project_id', '=', projectId)
    .where(visibleProject(actor))
    .where('e.event_type', '=', eventType);
  if (filled(filter.docIds)) query = query.where(sql<boolean>`${docIdsOfEvent} && ${filter.docIds}::text[]`);
  if (filled(filter.phaseIds)) {
    // Through the doc as it is now: a deleted doc has no folder, so its events match no phase.
    query = query.where(
      sql<boolean>`exists (select 1 from doc join doc_folder on doc_folder.id = doc.folder_id
        where doc.id::text = any(${docIdsOfEvent}) and doc_folder.phase_id = any(${filter.phaseIds}::uuid[]))`,
    );
  }
  if (filled(filter.participantIds)) {
    query = query.where(sql<boolean>`e.data->>'participantId' = any(${filter.participantIds}::text[])`);
  }
  if (filled(filter.actorIds)) query = query.where('e.actor_id', 'in', filter.actorIds);
  return query;
}

export async function countTimelineEvents(
  db: Db,
  actor: Actor,
  projectId: string,
  eventType: TimelineEventType,
  filter: TimelineFilterParams,
): Promise<number> {
  const row = await filteredEvents(db, actor, projectId, eventType, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first; events of one transaction share their time, the id keeps paging stable. */
export const timelineEvents = (
  db: Db,
  actor: Actor,
  projectId: string,
  eventType: TimelineEventType,
  filter: TimelineFilterParams,
  page: { limit: number; skip: number },
) =>
  filteredEvents(db, actor, projectId, eventType, filter)
    .leftJoin('app_user as actor', 'actor.id', 'e.actor_id')
    .leftJoin('doc', 'doc.id', 'e.doc_id')
    .leftJoin('version', 'version.id', 'e.version_id')
    .leftJoin('file', 'file.id', 'e.file_id')
    // An e-mail event's recipient row (data.recipientId, written by the sender), of this project only.
    .leftJoin('delivery_recipient as link', (join) =>
      join.on(
        sql<boolean>`link.id = case when e.data->>'recipientId' ~* ${UUID_PATTERN} then (e.data->>'recipientId')::uuid end
          and exists (select 1 from delivery where delivery.id = link.delivery_id and delivery.project_id = e.project_id)`,
      ),
    )
    .select([
      'e.id',
      'e.event_type',
      'e.kind',
      'e.created_at',
      'e.doc_id',
      'e.version_id',
      'e.file_id',
      'e.data',
      'actor.id as actor_id',
      'actor.first_name as actor_first_name',
      'actor.last_name as actor_last_name',
      'actor.email as actor_email',
      'doc.number as doc_number',
      'doc.name as doc_name',
      'version.index as version_index',
      'file.filename as file_filename',
      'link.id as link_recipient_id',
      'link.revoked_at as link_revoked_at',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.skip)
    .execute();

export type TimelineEventRow = Awaited<ReturnType<typeof timelineEvents>>[number];

/**
 * The downloads through these mails' links (recipient ids of one project): per mail, plan and
 * format the first time, how often, and whether a superseded index was fetched. From the events,
 * so they stay when the link was revoked or the participant removed.
 */
export const downloadsOfMails = (db: Db, projectId: string, recipientIds: readonly string[]) =>
  recipientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('timeline_event as e')
        .select([
          sql<string>`e.data->>'recipientId'`.as('recipient_id'),
          sql<string>`coalesce(e.doc_id::text, '')`.as('doc_id'),
          sql<string>`coalesce(e.data->>'format', '')`.as('format'),
          sql<Date>`min(e.created_at)`.as('first_at'),
          sql<string>`count(*)`.as('count'),
          sql<boolean>`bool_or((e.data->>'superseded')::boolean)`.as('superseded'),
          sql<string>`coalesce(max(e.data->>'participant'), '')`.as('by'),
        ])
        .where('e.project_id', '=', projectId)
        .where('e.kind', '=', 'file.downloaded')
        .where(sql<boolean>`e.data->>'recipientId' = any(${recipientIds}::text[])`)
        .groupBy([sql`e.data->>'recipientId'`, 'e.doc_id', sql`e.data->>'format'`])
        .orderBy('first_at')
        .execute();
