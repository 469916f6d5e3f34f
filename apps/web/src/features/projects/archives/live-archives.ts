import type { ArchiveDto } from '@plankurier/shared';

/** The archives an 'updateData' event carries (progress ticks of running archives), if any. */
export function archivesFromEvent(payload: unknown): ArchiveDto[] {
  if (!payload || typeof payload !== 'object' || !('archives' in payload)) return [];
  const { archives } = payload as { archives: unknown };
  if (!Array.isArray(archives)) return [];
  return archives.filter(
    (a): a is ArchiveDto =>
      Boolean(a) && typeof a === 'object' && typeof (a as ArchiveDto)._id === 'string' && 'bytesDone' in a,
  );
}

/**
 * The list to show: the project bundle's archives, a running one with the newest progress from
 * the live ticks (the bundle reloads only when an archive starts, ends or goes).
 */
export function mergeArchiveProgress(
  listed: readonly ArchiveDto[],
  live: ReadonlyMap<string, ArchiveDto>,
): ArchiveDto[] {
  return listed.map((archive) => {
    const tick = live.get(archive._id);
    if (!tick || archive.status !== 'RUNNING' || tick.status !== 'RUNNING') return archive;
    return tick.bytesDone >= archive.bytesDone ? tick : archive;
  });
}
