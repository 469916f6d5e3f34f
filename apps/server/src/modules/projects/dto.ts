import type { Selectable } from 'kysely';
import {
  pageFormat,
  type DeliverState,
  type DocDto,
  type DocFolderDto,
  type FileDto,
  type PhaseDto,
  type ProjectDto,
  type VersionDto,
} from '@plankurier/shared';
import type { DocFolderTable, DocTable, FileTable, PhaseTable, ProjectTable, VersionTable } from '../../db/types.ts';

export type ProjectRow = Selectable<ProjectTable>;
/** The columns the DTOs need: the project load reads only these (no timestamps, no QR settings). */
/** Who changed a row last stays on the server; the revision travels (SeenRevision). */
type Revised = 'updated_by';
export type PhaseRow = Omit<Selectable<PhaseTable>, 'created_at' | Revised>;
export type FolderRow = Omit<Selectable<DocFolderTable>, 'created_at' | Revised>;
/** A doc the office works with: in a folder (a withdrawn one never reaches the office's DTOs). */
export type DocRow = Omit<
  Selectable<DocTable>,
  'created_at' | 'qr' | 'folder_id' | 'withdrawn_at' | 'withdrawn_by' | Revised
> & { folder_id: string };

/** A moment as a Date, or already as ISO text (the project load reads them as text: cheaper than Dates). */
type Stamp = Date | string;

export interface VersionRow extends Omit<
  Selectable<VersionTable>,
  'release_date' | 'outdated_at' | 'created_at' | 'project_id' | Revised
> {
  release_date: Stamp | null;
  outdated_at: Stamp | null;
}

/** A file as the project screen needs it: no storage key (it never leaves the server), no mime type. */
export interface FileRow extends Omit<
  Selectable<FileTable>,
  | 'storage_key'
  | 'mime_type'
  | 'project_id'
  | 'delivered_at'
  | 'uploaded_at'
  | 'sha256'
  | 'thumbnail_key'
  | 'scene_key'
  | 'sheet_key'
> {
  /** Left out of the project load (the screen never shows it; 64 characters × thousands of files). */
  sha256?: string;
  delivered_at: Stamp | null;
  uploaded_at: Stamp;
}

const iso = (date: Stamp | null) => (date === null ? null : typeof date === 'string' ? date : date.toISOString());

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const bySortOrder = (a: { sort_order: number }, b: { sort_order: number }) => a.sort_order - b.sort_order;

/** `opened_at`: when the person asking opened it last (project_visit), where the query read it. */
export function toProjectDto(row: ProjectRow & { opened_at?: Date | null }, phaseIds: string[]): ProjectDto {
  return {
    _id: row.id,
    rev: row.revision,
    number: row.number,
    name: row.name,
    state: row.state,
    phases: phaseIds,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    openedAt: iso(row.opened_at ?? null),
  };
}

/** Phases with their folder ids in order; `folders` may hold folders of other phases too. */
export function toPhaseDtos(phases: readonly PhaseRow[], folders: readonly FolderRow[]): PhaseDto[] {
  const foldersByPhase = groupBy([...folders].sort(bySortOrder), (f) => f.phase_id);
  return [...phases].sort(bySortOrder).map((p) => ({
    _id: p.id,
    rev: p.revision,
    project: p.project_id,
    shortcut: p.shortcut,
    name: p.name,
    sortOrder: p.sort_order,
    folders: (foldersByPhase.get(p.id) ?? []).map((f) => f.id),
  }));
}

export function toFolderDtos(
  folders: readonly FolderRow[],
  docs: readonly Pick<DocRow, 'id' | 'folder_id' | 'sort_order'>[],
): DocFolderDto[] {
  const docsByFolder = groupBy([...docs].sort(bySortOrder), (d) => d.folder_id);
  return [...folders].sort(bySortOrder).map((f) => ({
    _id: f.id,
    rev: f.revision,
    project: f.project_id,
    phase: f.phase_id,
    name: f.name,
    category: f.category,
    sortOrder: f.sort_order,
    isCollapsed: f.is_collapsed,
    isCollapsedInPicker: f.is_collapsed_in_picker,
    docs: (docsByFolder.get(f.id) ?? []).map((d) => ({ _id: d.id, sortOrder: d.sort_order })),
  }));
}

/** Docs with their current, next and older versions (newest first); `versions` may span many docs. */
export function toDocDtos(
  docs: readonly DocRow[],
  versions: readonly Pick<VersionRow, 'id' | 'doc_id' | 'number' | 'status'>[],
  deliverOf: (docId: string) => DeliverState = () => 'GRAY',
): DocDto[] {
  const versionsByDoc = groupBy(
    [...versions].sort((a, b) => b.number - a.number),
    (v) => v.doc_id,
  );
  return docs.map((d) => {
    // One pass over the doc's versions (newest first) instead of two finds, a filter and a map.
    let currentVersion: string | null = null;
    let nextVersion: string | null = null;
    const oldVersions: string[] = [];
    for (const v of versionsByDoc.get(d.id) ?? []) {
      if (v.status === 'current') currentVersion ??= v.id;
      else if (v.status === 'preparation') nextVersion ??= v.id;
      else oldVersions.push(v.id);
    }
    return {
      _id: d.id,
      rev: d.revision,
      project: d.project_id,
      folder: d.folder_id,
      doctype: d.doctype,
      number: d.number,
      name: d.name,
      sortOrder: d.sort_order,
      currentVersion,
      nextVersion,
      oldVersions,
      state: { deliver: deliverOf(d.id) },
    };
  });
}

/** Versions with their file ids and upload flags; `doctypeOf` answers the doctype of a doc id. */
export function toVersionDtos(
  versions: readonly VersionRow[],
  files: readonly Pick<FileRow, 'id' | 'version_id' | 'kind' | 'delivered_at'>[],
  doctypeOf: (docId: string) => DocRow['doctype'],
): VersionDto[] {
  const filesByVersion = groupBy(files, (f) => f.version_id);
  return versions.map((v) => {
    // One pass over the version's files for the ids, the delivered ones and the kinds present.
    const files: string[] = [];
    const deliveredFiles: string[] = [];
    const kinds = { pdf: false, dwg: false, dxf: false, addon: false, other: false };
    for (const f of filesByVersion.get(v.id) ?? []) {
      files.push(f.id);
      if (f.delivered_at !== null) deliveredFiles.push(f.id);
      kinds[f.kind] = true;
    }
    const doctype = doctypeOf(v.doc_id);
    const dto: VersionDto = {
      _id: v.id,
      rev: v.revision,
      doc: v.doc_id,
      number: v.number,
      index: v.index,
      comment: v.comment,
      mode: 'upload',
      doctype,
      status: v.status,
      files,
      releaseDate: iso(v.release_date),
      outdatedAt: iso(v.outdated_at),
      downloadsEnabled: v.downloads_enabled,
      deliveredFiles,
    };
    if (doctype === 'data') {
      dto.pdfIsUploaded = kinds.pdf;
      dto.dwgIsUploaded = kinds.dwg;
      dto.dxfIsUploaded = kinds.dxf;
    }
    return dto;
  });
}

export function toFileDto(f: FileRow): FileDto {
  // A plain literal (no conditional spread): thousands of files, one object shape, cheaper to build and to stringify.
  const dto: FileDto = {
    _id: f.id,
    doc: f.doc_id,
    version: f.version_id,
    kind: f.kind,
    filename: f.filename,
    size: Number(f.size),
    uploaded: iso(f.uploaded_at)!,
    pdfWidthMm: f.pdf_width_mm,
    pdfHeightMm: f.pdf_height_mm,
    pdfPages: f.pdf_pages,
    pageFormat:
      f.pdf_width_mm !== null && f.pdf_height_mm !== null ? pageFormat(f.pdf_width_mm, f.pdf_height_mm) : null,
    isEncrypted: f.is_encrypted,
    cadRelease: f.cad_release,
    cadUnits: f.cad_units,
    cadWidth: f.cad_width,
    cadHeight: f.cad_height,
    preview: f.preview_status,
    sheet: f.sheet_status === 'ready',
  };
  if (f.sha256) dto.sha256 = f.sha256;
  return dto;
}
