import type { Actor } from '../offices/access.ts';
import {
  errors,
  TimelineBody,
  type EmailDownloadDto,
  type EmailProofDto,
  type TimelineEventDto,
  type TimelineResponse,
} from '@plankurier/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { findProject } from '../projects/queries.ts';
import { countTimelineEvents, downloadsOfMails, timelineEvents, type TimelineEventRow } from './queries.ts';

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
  const events = rows.map(toTimelineEventDto);
  if (body.eventType === 'EMAIL') await attachProof(db, body.project, events);
  return { events, total, hasMore: body.skip + rows.length < total };
}

/**
 * The proof of each mail of the page: what was downloaded through its link, and its receipt as the
 * mail's event recorded it (asked for when sending, confirmed on the recipient's page).
 */
async function attachProof(db: TimelineDeps['db'], projectId: string, events: TimelineEventDto[]): Promise<void> {
  const recipientIds = events.map((e) => text(e.data.recipientId)).filter((id): id is string => id !== undefined);
  const byMail = new Map<string, EmailDownloadDto[]>();
  for (const row of await downloadsOfMails(db, projectId, recipientIds)) {
    const list = byMail.get(row.recipient_id) ?? [];
    list.push({
      docId: row.doc_id,
      format: row.format,
      firstAt: row.first_at.toISOString(),
      count: Number(row.count),
      by: row.by,
      superseded: row.superseded,
    });
    byMail.set(row.recipient_id, list);
  }
  for (const event of events) {
    const recipientId = text(event.data.recipientId);
    event.proof = {
      downloads: (recipientId && byMail.get(recipientId)) || [],
      receipt: receiptOfEventData(event.data),
    };
  }
}

function receiptOfEventData(data: Record<string, unknown>): EmailProofDto['receipt'] {
  const receipt = data.receipt as Record<string, unknown> | undefined;
  const confirmedAt = receipt && typeof receipt === 'object' ? text(receipt.confirmedAt) : undefined;
  return {
    requested: data.receiptRequested === true,
    confirmation:
      receipt && confirmedAt
        ? { confirmedAt, confirmedBy: text(receipt.confirmedBy) ?? '', remark: text(receipt.remark) ?? '' }
        : null,
  };
}
