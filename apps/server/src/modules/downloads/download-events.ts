import { randomUUID } from 'node:crypto';
import { fileFormat, type FileKind } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import { downloadedFileFacts, markOfficeDownloadRecorded } from './queries.ts';

/** How a file left the server: from the recipient's page singly or in its ZIP, or to the office. */
export type DownloadEventVia = 'single' | 'zip' | 'office';

/** A downloaded file with its plan and version as they were at that moment. */
export interface DownloadedFile {
  id: string;
  doc_id: string;
  version_id: string;
  number: string;
  name: string;
  index: string;
  filename: string;
  kind: FileKind;
  version_status: string;
  /** The plan's current index when downloaded (null: none is current). */
  current_index: string | null;
}

/** The recipient whose personal link was used; absent for the office's own downloads. */
export interface DownloadingRecipient {
  recipientId: string;
  deliveryId: string;
  participantId: string;
  /** The participant's name as the office knows them at download time. */
  participant: string;
}

/**
 * One timeline event per file ('file.downloaded'; a ZIP writes one per file in it, sharing a
 * `batch`). The event names plan, index and file itself, so it outlives the link, the participant
 * and the plan; `superseded` says the index was no longer current when it was fetched.
 */
export async function recordDownloadEvents(
  db: Db,
  event: {
    projectId: string;
    /** The office member who downloaded; null for a recipient. */
    actorId: string | null;
    via: DownloadEventVia;
    recipient: DownloadingRecipient | null;
    files: readonly DownloadedFile[];
  },
): Promise<void> {
  if (event.files.length === 0) return;
  const batch = randomUUID();
  await db
    .insertInto('timeline_event')
    .values(
      event.files.map((f) => ({
        project_id: event.projectId,
        actor_id: event.actorId,
        event_type: 'DOC' as const,
        kind: 'file.downloaded',
        doc_id: f.doc_id,
        version_id: f.version_id,
        file_id: f.id,
        data: JSON.stringify({
          ...(event.recipient ?? {}),
          via: event.via,
          batch,
          superseded: f.version_status !== 'current',
          currentIndex: f.current_index,
          number: f.number,
          name: f.name,
          index: f.index,
          filename: f.filename,
          format: fileFormat(f),
        }),
      })),
    )
    .execute();
}

/**
 * A download by an office member through their five-minute link: recorded once per link (a browser
 * resuming with a Range request, or a second click on the same link, adds nothing).
 */
export async function recordOfficeDownload(
  deps: Pick<Deps, 'db' | 'realtime'>,
  file: { id: string; project_id: string },
  tokenHash: Buffer,
): Promise<void> {
  const recorded = await deps.db.transaction().execute(async (tx) => {
    const link = await markOfficeDownloadRecorded(tx, tokenHash);
    const facts = link ? await downloadedFileFacts(tx, file.id) : undefined;
    if (!link || !facts) return null;
    await recordDownloadEvents(tx, {
      projectId: file.project_id,
      actorId: link.user_id,
      via: 'office',
      recipient: null,
      files: [facts],
    });
    return link;
  });
  if (recorded) {
    await announceChange(
      deps,
      { officeId: recorded.office_id },
      { projectId: file.project_id, entity: 'download', id: file.id },
    );
  }
}
