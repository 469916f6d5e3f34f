import { pageFormat, type FileDto } from '@plankurier/shared';
import type { FileRow } from './queries.ts';

export const toFileDto = (f: FileRow): FileDto => ({
  _id: f.id,
  doc: f.doc_id,
  version: f.version_id,
  kind: f.kind,
  filename: f.filename,
  size: Number(f.size),
  sha256: f.sha256,
  uploaded: f.uploaded_at.toISOString(),
  pdfWidthMm: f.pdf_width_mm,
  pdfHeightMm: f.pdf_height_mm,
  pdfPages: f.pdf_pages,
  pageFormat: f.pdf_width_mm !== null && f.pdf_height_mm !== null ? pageFormat(f.pdf_width_mm, f.pdf_height_mm) : null,
  isEncrypted: f.is_encrypted,
  cadRelease: f.cad_release,
  cadUnits: f.cad_units,
  cadWidth: f.cad_width,
  cadHeight: f.cad_height,
  preview: f.preview_status,
  sheet: f.sheet_status === 'ready',
});
