import { sessionStore } from '../../session/session-store';

/**
 * Thumbnails of the office's files need the session's token, which an <img> cannot send: they are
 * fetched and kept as object URLs (a few hundred at most; the oldest go first). A file's thumbnail
 * never changes, so one fetch per file and page load is enough.
 */
const MAX_KEPT = 400;
const kept = new Map<string, Promise<string | null>>();

export function officeThumbnailUrl(fileId: string): Promise<string | null> {
  const known = kept.get(fileId);
  if (known) return known;
  const loading = fetchThumbnail(fileId);
  kept.set(fileId, loading);
  if (kept.size > MAX_KEPT) {
    const [oldest, url] = kept.entries().next().value as [string, Promise<string | null>];
    kept.delete(oldest);
    void url.then((u) => u && URL.revokeObjectURL(u));
  }
  return loading;
}

async function fetchThumbnail(fileId: string): Promise<string | null> {
  const token = sessionStore.getState().token;
  try {
    const res = await fetch(`/api/file/${encodeURIComponent(fileId)}/thumbnail`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) {
      kept.delete(fileId); // not made yet: asked again when the file's preview turns ready
      return null;
    }
    return URL.createObjectURL(await res.blob());
  } catch {
    kept.delete(fileId);
    return null;
  }
}
