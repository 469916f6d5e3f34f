import type { Actor } from '../offices/access.ts';
import { findParticipant } from '../participants/queries.ts';
import { once } from 'node:events';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import { ZipArchive } from '../archives/native-crc32.ts';
import {
  contactDisplayName,
  deliveredFileName,
  errors,
  isWellFormedSecret,
  personName,
  type DownloadLinkDto,
  type RecipientPageDto,
} from '@plankurier/shared';
import type { DownloadVia } from '../../db/types.ts';
import type { Deps } from '../../deps.ts';
import { requireStored } from '../../storage/storage.ts';
import { randomSecret, sha256 } from '../auth/secrets.ts';
import { announceChange } from '../projects/changes.ts';
import { recipientReceipt } from '../receipts/receipt-dto.ts';
import { recordDownloadEvents } from './download-events.ts';
import { fileOfLink, newerOfFiles } from './newer-index.ts';
import { servedFile } from '../qr/service.ts';
import {
  deleteStaleTickets,
  filesOfRecipient,
  recipientOfLink,
  insertDownloads,
  insertTicket,
  peekTicket,
  revokeRecipient,
  useTicket,
  type RecipientFileRow,
  type RecipientRow,
} from './queries.ts';

type DownloadDeps = Pick<Deps, 'db' | 'storage' | 'realtime' | 'log' | 'config'>;

export const DOWNLOAD_TICKET_TTL_SECONDS = 5 * 60;

/** Unknown, revoked and not (yet) sent links all answer the same 404; expired ones 410. */
const recipientOf = ({ db }: Pick<Deps, 'db'>, token: string): Promise<RecipientRow> => recipientOfLink(db, token);

/** What the recipient's page shows. Reading it records nothing: mail scanners fetch every link. */
export async function recipientPage(deps: Pick<Deps, 'db'>, token: string): Promise<RecipientPageDto> {
  const recipient = await recipientOf(deps, token);
  const files = await filesOfRecipient(deps.db, recipient.id);
  const newer = await newerOfFiles(deps.db, recipient, files);
  return {
    office: { company: recipient.office_company },
    project: { number: recipient.project_number, name: recipient.project_name },
    recipient: { name: recipientName(recipient), locale: recipient.locale },
    files: files.map((f) => ({
      _id: f.id,
      filename: f.filename,
      size: Number(f.size),
      kind: f.kind,
      doc: { number: f.number, name: f.name },
      index: f.index,
      isCurrent: f.version_status === 'current',
      newer: newer.get(f.id) ?? null,
      downloaded: f.downloaded,
      sheet: f.sheet_status === 'ready' && !f.withdrawn_at,
      pages: f.pdf_pages,
      withdrawn: f.withdrawn_at ? { at: f.withdrawn_at.toISOString(), by: withdrawnBy(recipient, f) } : null,
    })),
    sentAt: recipient.sent_at ? recipient.sent_at.toISOString() : null,
    receipt: recipientReceipt(recipient),
  };
}

/** Who withdrew a plan, as the recipient reads it: the person, else (their account gone) the office. */
const withdrawnBy = (recipient: RecipientRow, file: RecipientFileRow) =>
  file.withdrawer_email
    ? personName({
        firstName: file.withdrawer_first_name ?? '',
        lastName: file.withdrawer_last_name ?? '',
        email: file.withdrawer_email,
      })
    : recipient.office_company;

/** The files of a recipient that are still served: a withdrawn plan's are listed on the page only. */
async function servedFilesOfRecipient(db: Deps['db'], recipientId: string) {
  const files = await filesOfRecipient(db, recipientId);
  const served = files.filter((f) => !f.withdrawn_at);
  // Only withdrawn plans left: the page says so rather than offering an empty ZIP.
  if (files.length > 0 && served.length === 0) throw errors.fileWithdrawn();
  return served;
}

/** One file the link serves (see fileOfLink); a withdrawn plan's answers 410, an unknown one 404. */
async function servedFileOfLink(db: Deps['db'], recipient: RecipientRow, fileId: string) {
  const found = await fileOfLink(db, recipient, fileId);
  if (!found) throw errors.notFound();
  if (found.file.withdrawn_at) throw errors.fileWithdrawn();
  return found;
}

/** The participant as the page greets them and the office's timeline names them. */
const recipientName = (recipient: RecipientRow) =>
  contactDisplayName({
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    company: recipient.company,
    email: recipient.email,
  });

/**
 * A download counts only when the person starts it on the page: the page POSTs for a ticket
 * (128+ random bits, five minutes, single use, stored hashed) and then navigates to it.
 */
export async function createDownloadTicket(
  deps: Pick<Deps, 'db' | 'storage'>,
  token: string,
  fileId: string | null,
): Promise<DownloadLinkDto> {
  const recipient = await recipientOf(deps, token);
  const files =
    fileId === null
      ? await servedFilesOfRecipient(deps.db, recipient.id)
      : [(await servedFileOfLink(deps.db, recipient, fileId)).file];
  // Refused here, where the page shows the message, rather than on the download it navigates to.
  await requireStored(
    deps.storage,
    files.map((f) => f.storage_key),
  );
  const ticket = randomSecret();
  await deleteStaleTickets(deps.db);
  await insertTicket(deps.db, {
    ticketHash: sha256(ticket),
    recipientId: recipient.id,
    fileId,
    ttlSeconds: DOWNLOAD_TICKET_TTL_SECONDS,
  });
  return { url: `/api/d/${token}/download/${ticket}` };
}

export type TicketDownload =
  | { kind: 'file'; filename: string; mimeType: string; size: number; open: () => Promise<Readable> }
  | { kind: 'zip'; filename: string; open: () => Readable };

/** A HEAD: whether the ticket is valid, without using it or recording anything. */
export async function checkDownloadTicket(deps: Pick<Deps, 'db'>, token: string, ticket: string): Promise<void> {
  const recipient = await recipientOf(deps, token);
  if (!isWellFormedSecret(ticket)) throw errors.notFound();
  if (!(await peekTicket(deps.db, sha256(ticket), recipient.id))) throw errors.notFound();
}

/** Uses the ticket, records the download(s) and tells the office; the caller streams. */
export async function openTicketDownload(deps: DownloadDeps, token: string, ticket: string): Promise<TicketDownload> {
  const recipient = await recipientOf(deps, token);
  if (!isWellFormedSecret(ticket)) throw errors.notFound();
  const used = await useTicket(deps.db, sha256(ticket), recipient.id);
  if (!used) throw errors.notFound();
  if (used.file_id !== null) {
    const { file, holder } = await servedFileOfLink(deps.db, recipient, used.file_id);
    // A file that cannot be served is not downloaded: checked before the download is recorded.
    const content = await servedContent(deps, file);
    await requireStored(deps.storage, [content.storageKey]);
    await recordDownloads(deps, holder, [file], 'single');
    return {
      kind: 'file',
      filename: deliveredFileName(file),
      mimeType: file.mime_type,
      size: content.size,
      open: () => deps.storage.read(content.storageKey),
    };
  }
  const files = await servedFilesOfRecipient(deps.db, recipient.id);
  if (files.length === 0) throw errors.notFound();
  // Stamped copies are made again from these while the ZIP streams; a missing one would break it off.
  await requireStored(
    deps.storage,
    files.map((f) => f.storage_key),
  );
  await recordDownloads(deps, recipient, files, 'zip');
  const zipName = deliveredFileName({
    number: recipient.project_number,
    name: recipient.project_name,
    index: '',
    filename: 'x.zip',
  });
  return { kind: 'zip', filename: zipName, open: () => zipOf(deps, files) };
}

/**
 * Records the download rows (the markers' state) and one timeline event per file (the proof, which
 * outlives the link) in one transaction, then tells the office's open sessions once.
 */
async function recordDownloads(
  deps: DownloadDeps,
  recipient: RecipientRow,
  files: RecipientFileRow[],
  via: DownloadVia,
) {
  const rows = await deps.db.transaction().execute(async (tx) => {
    const inserted = await insertDownloads(
      tx,
      recipient.id,
      files.map((f) => f.id),
      via,
    );
    await recordDownloadEvents(tx, {
      projectId: recipient.project_id,
      actorId: null,
      via,
      recipient: {
        recipientId: recipient.id,
        deliveryId: recipient.delivery_id,
        participantId: recipient.participant_id,
        participant: recipientName(recipient),
      },
      files,
    });
    return inserted;
  });
  if (rows[0]) {
    await announceChange(
      deps,
      { officeId: recipient.office_id },
      {
        projectId: recipient.project_id,
        entity: 'download',
        id: rows[0].id,
        // The download states of the recipient's subscriptions follow.
        scope: { participants: [recipient.participant_id] },
      },
    );
  }
}

/**
 * The ZIP streams: entries are stored (PDFs and DWGs do not compress), and each file is opened
 * only when the previous entry is written, so memory and open files stay constant.
 */
function zipOf(deps: DownloadDeps, files: readonly RecipientFileRow[]): Readable {
  const archive = new ZipArchive({ store: true });
  const names = uniqueNames(files.map((f) => deliveredFileName(f)));
  const fill = async () => {
    for (const [i, file] of files.entries()) {
      const entryWritten = once(archive, 'entry');
      const content = await servedContent(deps, file);
      archive.append(await deps.storage.read(content.storageKey), { name: names[i]!, store: true });
      await entryWritten;
    }
    await archive.finalize();
  };
  fill().catch((err: unknown) => {
    deps.log.warn({ err }, 'streaming a recipient ZIP failed');
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return archive;
}

/** The stamped copy when the plan's QR code is on, else the file as uploaded. */
async function servedContent(deps: DownloadDeps, file: RecipientFileRow) {
  return (await servedFile(deps, file.id)) ?? { storageKey: file.storage_key, size: Number(file.size) };
}

/** A plan with two PDFs (plan and add-on) would give one name twice: later ones get ' (2)', ' (3)'. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}

/**
 * The office withdraws a personal link: from now on it answers 404. Its open sessions hear of it,
 * so their timelines mark the link revoked.
 */
export async function revokeRecipientLink(
  deps: Pick<Deps, 'db' | 'realtime'>,
  actor: Actor,
  recipientId: string,
): Promise<void> {
  const row = await revokeRecipient(deps.db, actor, recipientId);
  if (!row) throw errors.notFound();
  await announceChange(deps, actor, { projectId: row.project_id, entity: 'delivery', id: row.delivery_id });
}

/**
 * Renews every working link of a participant: its office's link lifetime counts again from now.
 * Revoked links stay revoked; a participant of a project the actor cannot see is unknown (404).
 */
export async function renewParticipantLinks(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  participantId: string,
): Promise<{ renewed: number }> {
  const participant = await findParticipant(deps.db, actor, participantId);
  if (!participant) throw errors.notFound();
  const result = await deps.db
    .updateTable('delivery_recipient')
    .set({ link_renewed_at: sql`now()` })
    .where('participant_id', '=', participantId)
    .where('revoked_at', 'is', null)
    .where('download_token_hash', 'is not', null)
    .executeTakeFirst();
  return { renewed: Number(result.numUpdatedRows) };
}
