import { subKey, type ProjectBundle, type SubscriptionBody } from '@plankurier/shared';
import type { ParticipantDrop } from './participant-model';

/** Optimistic order of the participant list, as PUT /participants/order and /participant-folders/order answer. */
export function withParticipantDrop(bundle: ProjectBundle, drop: ParticipantDrop): ProjectBundle {
  if (drop.kind === 'folders') {
    const position = new Map(drop.folderIds.map((id, i) => [id, i]));
    return {
      ...bundle,
      participantfolders: bundle.participantfolders.map((f) => {
        const sortOrder = position.get(f._id);
        return sortOrder === undefined ? f : { ...f, sortOrder };
      }),
    };
  }
  const position = new Map(drop.participantIds.map((id, i) => [id, i]));
  const moved = bundle.participants.map((p) => {
    const sortOrder = position.get(p._id);
    return sortOrder === undefined ? p : { ...p, folder: drop.folderId, sortOrder };
  });
  // The target folder's others follow the dropped ones.
  const rest = moved
    .filter((p) => p.folder === drop.folderId && !position.has(p._id))
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const after = new Map(rest.map((p, i) => [p._id, drop.participantIds.length + i]));
  return {
    ...bundle,
    participants: moved.map((p) => {
      const sortOrder = after.get(p._id);
      return sortOrder === undefined ? p : { ...p, sortOrder };
    }),
  };
}

/** Optimistic subscription change: the toggle answers at once, the bundle refresh brings the states. */
export function withSubscriptions(bundle: ProjectBundle, items: readonly SubscriptionBody[]): ProjectBundle {
  const subs = [...bundle.subs];
  for (const item of items) {
    const index = subs.findIndex((s) => s.doc === item.docId && s.participant === item.participantId);
    const current = index >= 0 ? subs[index] : undefined;
    const getsPdf = item.getsPdf ?? current?.getsPdf ?? false;
    const getsTec = item.getsTec ?? current?.getsTec ?? false;
    if (item.getsPdf === undefined && item.getsTec === undefined && !current) continue;
    if (!getsPdf && !getsTec) {
      if (index >= 0) subs.splice(index, 1);
      continue;
    }
    const next = current
      ? { ...current, getsPdf, getsTec }
      : {
          _id: subKey(item.participantId, item.docId),
          doc: item.docId,
          participant: item.participantId,
          getsPdf,
          getsTec,
          deliverAgain: false,
          state: { deliver: 'GRAY' as const },
        };
    if (index >= 0) subs[index] = next;
    else subs.push(next);
  }
  return { ...bundle, subs };
}
