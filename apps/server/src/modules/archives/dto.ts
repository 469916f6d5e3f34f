import type { ArchiveDto } from '@plankurier/shared';
import type { ArchiveRow } from './queries.ts';

export const toArchiveDto = (row: ArchiveRow): ArchiveDto => ({
  _id: row.id,
  project: row.project_id,
  pdfOnly: row.pdf_only,
  status: row.status,
  filesTotal: row.files_total,
  filesDone: row.files_done,
  bytesTotal: Number(row.bytes_total),
  bytesDone: Number(row.bytes_done),
  size: row.size === null ? null : Number(row.size),
  created: row.created_at.toISOString(),
  finished: row.finished_at?.toISOString() ?? null,
  expires: row.expires_at?.toISOString() ?? null,
});
