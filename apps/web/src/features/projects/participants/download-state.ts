import type { SubscriptionDto } from '@plankurier/shared';

/** Whether the files sent for a subscription were downloaded: red = not all, green = all (UI.md). */
export type DownloadState = 'red' | 'green';

/**
 * The download state of a participant or a doc over its subscriptions: any red makes it red, else any
 * green makes it green, else (nothing sent, or not computed) null.
 */
export function aggregateDownload(subs: Iterable<Pick<SubscriptionDto, 'state'>> | undefined): DownloadState | null {
  let green = false;
  for (const sub of subs ?? []) {
    const download = sub.state.download;
    if (download === 'red') return 'red';
    if (download === 'green') green = true;
  }
  return green ? 'green' : null;
}

/** The download state of every doc that has subscriptions, by doc id. */
export function downloadByDoc(
  subs: readonly Pick<SubscriptionDto, 'doc' | 'state'>[],
): Map<string, DownloadState | null> {
  const byDoc = new Map<string, Pick<SubscriptionDto, 'doc' | 'state'>[]>();
  for (const sub of subs) {
    const list = byDoc.get(sub.doc);
    if (list) list.push(sub);
    else byDoc.set(sub.doc, [sub]);
  }
  return new Map([...byDoc].map(([docId, list]) => [docId, aggregateDownload(list)]));
}

/**
 * The download state of every participant over its subscriptions, by participant id, in one pass
 * (the Planraster's headings: recomputed with each toggle of a big grid).
 */
export function downloadByParticipant(
  subs: readonly Pick<SubscriptionDto, 'participant' | 'state'>[],
): Map<string, DownloadState | null> {
  const out = new Map<string, DownloadState | null>();
  for (const sub of subs) {
    const download = sub.state.download;
    if (!download || out.get(sub.participant) === 'red') continue;
    out.set(sub.participant, download);
  }
  return out;
}
