import type { RecipientNewerDto } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import {
  currentFilesSentToParticipant,
  filesOfRecipient,
  findValidRecipientById,
  type RecipientFileRow,
  type RecipientRow,
} from './queries.ts';

/**
 * An old link of a plan the office has revised since: its page names the current index and, when
 * the office sent that index to the same participant later, leads to it (same kind of file first).
 */
export async function newerOfFiles(
  db: Db,
  recipient: RecipientRow,
  files: readonly RecipientFileRow[],
): Promise<Map<string, RecipientNewerDto>> {
  const outdated = files.filter((f) => f.version_status !== 'current');
  const sent = await sentLaterOf(db, recipient, outdated);
  return new Map(
    outdated.map((f) => {
      const later = sent.filter((s) => s.doc_id === f.doc_id);
      const pick = later.find((s) => s.kind === f.kind) ?? later[0];
      const newer: RecipientNewerDto = {
        index: f.current_index,
        sent: pick ? { fileId: pick.id, sentAt: pick.sent_at ? pick.sent_at.toISOString() : null } : null,
      };
      return [f.id, newer];
    }),
  );
}

/**
 * A file a link may serve: one sent with it, else the current index of one of its outdated plans
 * that the office sent the same participant later. `holder` is the recipient it was sent to: its
 * download is recorded there, so the office sees the newer index fetched.
 */
export async function fileOfLink(
  db: Db,
  recipient: RecipientRow,
  fileId: string,
): Promise<{ file: RecipientFileRow; holder: RecipientRow } | null> {
  // The usual case in one narrow query (every thumbnail of a page asks); the plan list only on a miss.
  const [own] = await filesOfRecipient(db, recipient.id, fileId);
  if (own) return { file: own, holder: recipient };
  const outdated = (await filesOfRecipient(db, recipient.id)).filter(
    (f) => f.version_status !== 'current' && !f.withdrawn_at,
  );
  const later = (await sentLaterOf(db, recipient, outdated)).find((s) => s.id === fileId);
  if (!later) return null;
  const holder = await findValidRecipientById(db, later.recipient_id);
  if (!holder || holder.link_expired) return null;
  const [file] = await filesOfRecipient(db, holder.id, fileId);
  return file ? { file, holder } : null;
}

/** The current files of these outdated plans that later mails carried to the same participant. */
async function sentLaterOf(db: Db, recipient: RecipientRow, outdated: readonly RecipientFileRow[]) {
  const docIds = [...new Set(outdated.map((f) => f.doc_id))];
  const sent = await currentFilesSentToParticipant(db, recipient.participant_id, docIds);
  return sent.filter((s) => s.recipient_id !== recipient.id);
}
