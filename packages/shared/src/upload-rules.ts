import type { Doctype, FileKind } from './projects.ts';
import type { MsgCode } from './msg-codes.ts';

/** The formats a plan consists of; a data doc takes these and any other file ('other'). */
export const MAIN_FILE_KINDS = ['pdf', 'dwg', 'dxf'] as const;
export type MainFileKind = (typeof MAIN_FILE_KINDS)[number];
/** What one upload into a version's main drop zone becomes. */
export type MainUploadKind = MainFileKind | 'other';

export const MIME_TYPES: Record<MainFileKind, string> = {
  pdf: 'application/pdf',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
};

/**
 * Content types of common document formats, so a recipient's phone opens a protocol in the right
 * app. Anything else (and anything a browser would render, like HTML or SVG) is served as bytes.
 */
const OTHER_MIME_TYPES: Record<string, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
  csv: 'text/csv',
  txt: 'text/plain',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The extension of a file name, lower case and without the dot; '' when it has none. */
export function extensionOf(filename: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim())?.[1]?.toLowerCase() ?? '';
}

/** The extensions each main kind goes by: a binary DXF is also saved as `.dxfb`. */
const KIND_EXTENSIONS: Record<MainFileKind, readonly string[]> = {
  pdf: ['pdf'],
  dwg: ['dwg'],
  dxf: ['dxf', 'dxfb'],
};

/** The kind a file name claims by its extension (PDF, DWG, DXF or .dxfb), or null for anything else. */
export function kindFromFilename(filename: string): MainFileKind | null {
  const ext = extensionOf(filename);
  return MAIN_FILE_KINDS.find((kind) => KIND_EXTENSIONS[kind].includes(ext)) ?? null;
}

/** What a main upload becomes: PDF, DWG and DXF by their extension; in a data doc any other file too. */
export function mainKindFor(doctype: Doctype, filename: string): MainUploadKind | null {
  return kindFromFilename(filename) ?? (doctype === 'data' ? 'other' : null);
}

/** The content type a stored file is served with. */
export function mimeTypeFor(kind: FileKind, filename: string): string {
  if (kind === 'addon') return MIME_TYPES.pdf;
  if (kind !== 'other') return MIME_TYPES[kind];
  return OTHER_MIME_TYPES[extensionOf(filename)] ?? 'application/octet-stream';
}

/** The format a file is listed under: pdf (add-ons too), dwg, dxf, or another file's extension. */
export function fileFormat(file: { kind: FileKind; filename: string }): string {
  if (file.kind === 'addon') return 'pdf';
  if (file.kind !== 'other') return file.kind;
  return extensionOf(file.filename) || 'file';
}

/** The formats of some files, each once: PDF, DWG, DXF first, then the others alphabetically. */
export function orderedFormats(files: readonly { kind: FileKind; filename: string }[]): string[] {
  const rank = (f: string) => {
    const i = (MAIN_FILE_KINDS as readonly string[]).indexOf(f);
    return i === -1 ? MAIN_FILE_KINDS.length : i;
  };
  return [...new Set(files.map(fileFormat))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const EXISTS: Record<MainFileKind, MsgCode> = {
  pdf: 'upload.pdf_exists',
  dwg: 'upload.dwg_exists',
  dxf: 'upload.dxf_exists',
};

export interface UploadTarget {
  doctype: Doctype;
  /** Kinds already uploaded or uploading in this version. */
  present: readonly FileKind[];
  /** Add-on file names already in this version. */
  addonNames?: readonly string[];
  /** Extensions of the other files (data docs) already in this version. */
  otherExtensions?: readonly string[];
}

/**
 * Checks one upload action before it starts (spec §5): one file per action; a plan takes PDF, DWG
 * and DXF, a data doc any format (spec §1: "data (any format)"); one file of each type per
 * version (PDF, DWG, DXF, and for a data doc's other files one per extension); add-ons PDF only
 * with a new file name.
 */
export function uploadProblem(
  files: readonly { name: string }[],
  target: UploadTarget,
  options: { addon?: boolean } = {},
): MsgCode | null {
  if (files.length === 0) return null;
  if (files.length > 1) return 'upload.too_many_files';
  const file = files[0]!;
  if (options.addon) {
    if (kindFromFilename(file.name) !== 'pdf') return 'upload.addon_pdf_only';
    const name = file.name.trim().toLowerCase();
    if ((target.addonNames ?? []).some((n) => n.trim().toLowerCase() === name)) return 'upload.addon_name_taken';
    return null;
  }
  const kind = mainKindFor(target.doctype, file.name);
  if (!kind) return 'upload.unknown_filetype';
  if (kind === 'other')
    return (target.otherExtensions ?? []).includes(extensionOf(file.name)) ? 'upload.type_exists' : null;
  if (target.present.includes(kind)) return EXISTS[kind];
  return null;
}

/**
 * Extensions a version's drop zone offers in the file chooser (spec §5, resolved by spec §1's
 * "data (any format)"): a plan's main zone the PDF, DWG and DXF it still lacks; a data doc's main
 * zone any file (null); the add-on zone PDF.
 */
export function allowedExtensions(
  doctype: Doctype,
  present: readonly FileKind[],
  zone: 'main' | 'addon' = 'main',
): string[] | null {
  if (zone === 'addon') return ['.pdf'];
  if (doctype === 'data') return null;
  return MAIN_FILE_KINDS.filter((k) => !present.includes(k)).flatMap((k) => KIND_EXTENSIONS[k].map((ext) => `.${ext}`));
}

/**
 * The main drop zone shows while a plan version lacks one of PDF, DWG and DXF (the spec hides it
 * once a plan has any file, but then the DWG that belongs to its PDF could never be added: one
 * file per upload action). A data doc takes files of any type, so its main zone always shows.
 */
export function showsMainDropzone(doctype: Doctype, present: readonly FileKind[]): boolean {
  return doctype === 'data' || !MAIN_FILE_KINDS.every((k) => present.includes(k));
}

/** The add-on zone shows for data docs that have files. */
export const showsAddonDropzone = (doctype: Doctype, present: readonly FileKind[]) =>
  doctype === 'data' && present.length > 0;
