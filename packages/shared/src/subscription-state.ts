import type { DeliverState, FileKind } from './projects.ts';

/**
 * Which files of a version a subscription asks for: PDF (with its PDF add-ons) and/or technical
 * files (DWG, DXF). A data doc's file in another format (a .docx protocol) is the document itself,
 * in no PDF/TEC choice: every subscriber gets it.
 */
export function filesForSubscription<F extends { kind: FileKind }>(
  sub: { getsPdf: boolean; getsTec: boolean },
  files: readonly F[],
): F[] {
  return files.filter((f) =>
    f.kind === 'other'
      ? sub.getsPdf || sub.getsTec
      : f.kind === 'pdf' || f.kind === 'addon'
        ? sub.getsPdf
        : sub.getsTec,
  );
}

/**
 * Delivery state of one subscription (spec §4): RED when the current version has files this
 * participant should get that were not sent to them, GREEN when all were sent, GRAY when there is
 * nothing to send (no current version, no files in the subscribed formats, or not subscribed).
 */
export function subscriptionDeliverState(
  sub: { getsPdf: boolean; getsTec: boolean } | null,
  currentFiles: readonly { _id: string; kind: FileKind }[] | null,
  sentFileIds: ReadonlySet<string>,
): DeliverState {
  if (!sub || !currentFiles) return 'GRAY';
  return wantedFilesState(filesForSubscription(sub, currentFiles), sentFileIds);
}

/** The deliver state of the files a subscription asks for (filesForSubscription), as above. */
export function wantedFilesState(wanted: readonly { _id: string }[], sentFileIds: ReadonlySet<string>): DeliverState {
  if (wanted.length === 0) return 'GRAY';
  return wanted.every((f) => sentFileIds.has(f._id)) ? 'GREEN' : 'RED';
}

/** A doc's or a participant's marker over its subscriptions: any RED is RED, else any GREEN is GREEN, else GRAY. */
export function aggregateDeliverState(states: readonly DeliverState[]): DeliverState {
  if (states.includes('RED')) return 'RED';
  if (states.includes('GREEN')) return 'GREEN';
  return 'GRAY';
}

/** Download state: green once every file sent to the participant was downloaded, red otherwise; null when nothing was sent. */
export function subscriptionDownloadState(
  sentFileIds: ReadonlySet<string>,
  downloadedFileIds: ReadonlySet<string>,
): 'red' | 'green' | null {
  let state: 'red' | 'green' | null = null;
  for (const id of sentFileIds) state = withSentFile(state, downloadedFileIds.has(id));
  return state;
}

/** The download state with one more sent file (in any order): one not downloaded makes it red for good. */
export const withSentFile = (state: 'red' | 'green' | null, downloaded: boolean): 'red' | 'green' =>
  state === 'red' || !downloaded ? 'red' : 'green';

/** New subscriptions take the contact's required formats. */
export const defaultSubscriptionFormats = (contact: { needsPdf: boolean; needsTec: boolean }) => ({
  getsPdf: contact.needsPdf,
  getsTec: contact.needsTec,
});
