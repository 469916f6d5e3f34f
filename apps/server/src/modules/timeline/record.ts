import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export type DocEventKind =
  | 'doc.created'
  | 'doc.deleted'
  | 'doc.withdrawn'
  | 'version.prepared'
  | 'version.released'
  | 'version.deleted'
  | 'file.uploaded'
  | 'file.deleted'
  | 'participant.added'
  | 'participant.removed'
  | 'participant.email_changed'
  | 'subscription.changed'
  | 'shipment.recorded'
  | 'shipment.updated'
  | 'shipment.deleted'
  | 'planset.uploaded';

export interface DocEvent {
  projectId: string;
  actorId: string;
  kind: DocEventKind;
  docId?: string;
  versionId?: string;
  fileId?: string;
  /** What a reader of the timeline needs even after the doc is gone: number, name, index, file name. */
  data?: Record<string, unknown>;
}

/** Writes a doc event in the caller's transaction, so it exists exactly when the change commits. */
export async function recordDocEvent(tx: Transaction<Database>, event: DocEvent): Promise<void> {
  await recordDocEvents(tx, [event]);
}

const EVENTS_PER_INSERT = 1000;

/** Writes many doc events in the caller's transaction, a thousand rows per insert. */
export async function recordDocEvents(tx: Transaction<Database>, events: readonly DocEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    await tx
      .insertInto('timeline_event')
      .values(
        events.slice(start, start + EVENTS_PER_INSERT).map((event) => ({
          project_id: event.projectId,
          actor_id: event.actorId,
          event_type: 'DOC' as const,
          kind: event.kind,
          doc_id: event.docId ?? null,
          version_id: event.versionId ?? null,
          file_id: event.fileId ?? null,
          data: JSON.stringify(event.data ?? {}),
        })),
      )
      .execute();
  }
}
