import type { TFunction } from 'i18next';
import {
  cadReleaseName,
  cadUnitSymbol,
  formatCadLength,
  UNITLESS,
  type FileDto,
  type Locale,
} from '@plankurier/shared';

/**
 * How large a file's content is: a PDF's first page in mm, a drawing's extents in its units
 * ("Ausdehnung 841 × 594 mm"; unitless drawings and those older than AutoCAD 2000, which name no
 * units, say so). Null when the file names no size.
 */
export function fileSizeFact(file: FileDto, t: TFunction, locale: Locale): string | null {
  if (file.pdfWidthMm !== null && file.pdfHeightMm !== null)
    return t('context.file.pageSize', { width: Math.round(file.pdfWidthMm), height: Math.round(file.pdfHeightMm) });
  if (file.cadWidth === null || file.cadHeight === null) return null;
  const size = { extents: `${formatCadLength(file.cadWidth, locale)} × ${formatCadLength(file.cadHeight, locale)}` };
  if (file.cadUnits === null) return t('context.file.extentsInDrawingUnits', size);
  const unit = cadUnitSymbol(file.cadUnits);
  return file.cadUnits === UNITLESS || unit === null
    ? t('context.file.extentsUnitless', size)
    : t('context.file.extents', { ...size, unit });
}

/** The short label beside the facts: a PDF's paper format ("A1"), a drawing's release ("AutoCAD 2018"). */
export const fileFormatLabel = (file: FileDto): string | null =>
  file.pageFormat ?? (file.cadRelease ? cadReleaseName(file.cadRelease) : null);

/**
 * Whether the upload that just finished brought an encrypted PDF: the version's newest file of its
 * name (an upload adds one file; a name may repeat only across kinds, hence the newest).
 */
export function isEncryptedUpload(
  files: readonly Pick<FileDto, 'version' | 'filename' | 'uploaded' | 'isEncrypted'>[],
  upload: { versionId: string; filename: string },
): boolean {
  const mine = files
    .filter((f) => f.version === upload.versionId && f.filename === upload.filename)
    .sort((a, b) => b.uploaded.localeCompare(a.uploaded));
  return mine[0]?.isEncrypted ?? false;
}
