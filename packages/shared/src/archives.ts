import { z } from 'zod';

/** Project archives (spec §2 project settings 'Projektarchiv', §3 Archive, §7 project download). */

export const ARCHIVE_STATUSES = ['RUNNING', 'FINISHED', 'FAILED'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

/** POST /api/archive — PDF only, or PDF and technical files (DWG, DXF). */
export const CreateArchiveBody = z.object({ projectId: z.uuid(), pdfOnly: z.boolean() });
export type CreateArchiveBody = z.infer<typeof CreateArchiveBody>;

/** GET /api/project/download/:id — a browser navigation: the short-lived token and the kind. */
export const ProjectDownloadQuery = z.object({
  token: z.string().max(200).optional(),
  pdfOnly: z.enum(['1', '0']),
});

export interface ArchiveDto {
  _id: string;
  project: string;
  pdfOnly: boolean;
  status: ArchiveStatus;
  filesTotal: number;
  filesDone: number;
  bytesTotal: number;
  bytesDone: number;
  /** The ZIP's size once it is finished. */
  size: number | null;
  created: string;
  finished: string | null;
  /** When the finished archive and its file are removed (ARCHIVE_TTL_HOURS). */
  expires: string | null;
}

/** Progress of a running archive in percent (0–100), by bytes written against the files' total. */
export function archiveProgressPercent(archive: Pick<ArchiveDto, 'status' | 'bytesDone' | 'bytesTotal'>): number {
  if (archive.status === 'FINISHED') return 100;
  if (archive.bytesTotal <= 0) return 0;
  return Math.min(99, Math.floor((archive.bytesDone / archive.bytesTotal) * 100));
}
