import type { Actor } from '../offices/access.ts';
import { errors, TimelineBody, type TimelineEventDto, type TimelineResponse } from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { findProject } from '../projects/queries.ts';
import { countTimelineEvents, timelineEvents, type TimelineEventRow } from './queries.ts';

type TimelineDeps = Pick<Deps, 'db'>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function actorOf(row: TimelineEventRow): TimelineEventDto['actor'] {
  if (!row.actor_id) return null;
  const fullName = `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim();
  return { _id: row.actor_id, name: fullName || row.actor_email || '' };
}

/**
 * The doc as it is now, or as the event recorded it when the doc is gone. Version and subscription
 * events name it docNumber/docName (their number is the version's); doc and file events number/name.
 */
function docOf(row: TimelineEventRow): TimelineEventDto['doc'] {
  if (!row.doc_id) return null;
  if (row.doc_number !== null && row.doc_name !== null)
    return { _id: row.doc_id, number: row.doc_number, name: row.doc_name };
  const data = row.data;
  const ownNames = row.kind.startsWith('doc.') || row.kind.startsWith('file.');
  return {
    _id: row.doc_id,
    number: text(data.docNumber) ?? (ownNames ? text(data.number) : undefined) ?? '',
    name: text(data.docName) ?? (ownNames ? text(data.name) : undefined) ?? '',
  };
}

function versionOf(row: TimelineEventRow): TimelineEventDto['version'] {
  if (!row.version_id) return null;
  return { _id: row.version_id, index: row.version_index ?? text(row.data.index) ?? '' };
}

function fileOf(row: TimelineEventRow): TimelineEventDto['file'] {
  if (!row.file_id) return null;
  return { _id: row.file_id, filename: row.file_filename ?? text(row.data.filename) ?? '' };
}

function linkOf(row: TimelineEventRow): TimelineEventDto['link'] {
  if (!row.link_recipient_id) return null;
  return { recipientId: row.link_recipient_id, revokedAt: row.link_revoked_at?.toISOString() ?? null };
}

const toTimelineEventDto = (row: TimelineEventRow): TimelineEventDto => ({
  _id: row.id,
  type: row.event_type,
  kind: row.kind,
  createdAt: row.created_at.toISOString(),
  actor: actorOf(row),
  doc: docOf(row),
  version: versionOf(row),
  file: fileOf(row),
  data: row.data,
  link: linkOf(row),
});

/**
 * One page of the project's DOC or EMAIL events, newest first. EMAIL events are written by the
 * delivery (not yet built), so that tab is empty until then; the shape is the same.
 */
export async function listTimeline(
  { db }: TimelineDeps,
  actor: Actor,
  body: z.output<typeof TimelineBody>,
): Promise<TimelineResponse> {
  if (!(await findProject(db, actor, body.project))) throw errors.notFound();
  const [rows, total] = await Promise.all([
    timelineEvents(db, actor, body.project, body.eventType, body.filterParams, {
      limit: body.limit,
      skip: body.skip,
    }),
    countTimelineEvents(db, actor, body.project, body.eventType, body.filterParams),
  ]);
  return { events: rows.map(toTimelineEventDto), total, hasMore: body.skip + rows.length < total };
}
