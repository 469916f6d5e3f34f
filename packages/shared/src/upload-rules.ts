import type { Doctype, FileKind } from './projects.ts';
import type { MsgCode } from './msg-codes.ts';

export const MAIN_FILE_KINDS = ['pdf', 'dwg', 'dxf'] as const;
export type MainFileKind = (typeof MAIN_FILE_KINDS)[number];

export const MIME_TYPES: Record<MainFileKind, string> = {
  pdf: 'application/pdf',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
};

/** The kind a file name claims by its extension, or null for anything else. */
export function kindFromFilename(filename: string): MainFileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename.trim())?.[1]?.toLowerCase();
  return ext === 'pdf' || ext === 'dwg' || ext === 'dxf' ? ext : null;
}

const EXISTS: Record<MainFileKind, MsgCode> = {
  pdf: 'upload.pdf_exists',
  dwg: 'upload.dwg_exists',
  dxf: 'upload.dxf_exists',
};

export interface UploadTarget {
  /** Kinds already uploaded or uploading in this version. */
  present: readonly FileKind[];
  /** Add-on file names already in this version. */
  addonNames?: readonly string[];
}

/**
 * Checks one upload action before it starts (spec §5): one file per action, a known type, one
 * PDF/DWG/DXF per version, add-ons PDF only with a new file name.
 */
export function uploadProblem(
  files: readonly { name: string }[],
  target: UploadTarget,
  options: { addon?: boolean } = {},
): MsgCode | null {
  if (files.length === 0) return null;
  if (files.length > 1) return 'upload.too_many_files';
  const file = files[0]!;
  const kind = kindFromFilename(file.name);
  if (options.addon) {
    if (kind !== 'pdf') return 'upload.addon_pdf_only';
    const name = file.name.trim().toLowerCase();
    if ((target.addonNames ?? []).some((n) => n.trim().toLowerCase() === name)) return 'upload.addon_name_taken';
    return null;
  }
  if (!kind) return 'upload.unknown_filetype';
  if (target.present.includes(kind)) return EXISTS[kind];
  return null;
}

/**
 * Extensions the add-on drop zone of a version accepts (spec §5): a data doc takes .pdf, plus
 * .dwg and .dxf while not yet uploaded; for a plan the result is empty (plans take their PDF, DWG
 * and DXF through the main drop zone).
 */
export function allowedExtensions(doctype: Doctype, present: readonly FileKind[]): string[] {
  if (doctype === 'plan') return [];
  return ['.pdf', ...(['dwg', 'dxf'] as const).filter((k) => !present.includes(k)).map((k) => `.${k}`)];
}

/**
 * The main drop zone shows while a version lacks one of PDF, DWG and DXF. The spec hides it for a
 * plan once it has any file, but then the DWG that belongs to a plan's PDF could never be added
 * (one file per upload action), so plans keep it like data docs do.
 */
export function showsMainDropzone(_doctype: Doctype, present: readonly FileKind[]): boolean {
  return !MAIN_FILE_KINDS.every((k) => present.includes(k));
}

/** The add-on zone shows for data docs that have files. */
export const showsAddonDropzone = (doctype: Doctype, present: readonly FileKind[]) =>
  doctype === 'data' && present.length > 0;
