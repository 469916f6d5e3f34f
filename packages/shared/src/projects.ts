import type { PreviewStatus } from './previews.ts';
import { z } from 'zod';
import type { ParticipantDto, ParticipantFolderDto, RoleDto, SubscriptionDto } from './participants.ts';
import type { ArchiveDto } from './archives.ts';
import type { StandingSubscriptionDto } from './standing-subscriptions.ts';
import { PHASE_TEMPLATES } from './project-templates.ts';

/** API payloads and entities of projects, phases, folders, docs, versions and files (spec §3, §7). */

const text = (max: number) => z.string().trim().max(max);
export const IdParams = z.object({ id: z.uuid() });
/**
 * The revision of the row the client edits, as it last read it (the entity's `rev`): when someone
 * changed it since, the edit answers 409 common.conflict with the current data. Left out, it is not checked.
 */
export const SeenRevision = z.number().int().min(1).optional();

export const ProjectBody = z.object({
  number: text(50),
  name: text(200).default(''),
  /** The phases the project starts with (project-templates.ts); left out, the office's language decides. */
  phaseTemplate: z.enum(PHASE_TEMPLATES).optional(),
});
export const ProjectUpdateBody = z.object({ number: text(50), name: text(200), rev: SeenRevision }).partial();

export const ProjectListQuery = z.object({
  searchText: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
  appVersion: z.string().max(30).optional(),
  /** 'recent': last opened first (the dashboard shows the first three). */
  sort: z.enum(['recent']).optional(),
});

/** GET /project/:id/changes: the number of the last change the session applied. */
export const ProjectChangesQuery = z.object({ since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

export const PhaseBody = z.object({ projectId: z.uuid(), shortcut: text(20), name: text(200) });
export const PhaseUpdateBody = z.object({ shortcut: text(20), name: text(200), rev: SeenRevision }).partial();
export const PhaseOrderBody = z.object({ projectId: z.uuid(), phaseIds: z.array(z.uuid()).max(200) });

export const FOLDER_CATEGORIES = ['plans', 'documents'] as const;
export type FolderCategory = (typeof FOLDER_CATEGORIES)[number];
export const FolderBody = z.object({ phaseId: z.uuid(), name: text(200), category: z.enum(FOLDER_CATEGORIES) });
export const FolderUpdateBody = z
  .object({ name: text(200), isCollapsed: z.boolean(), isCollapsedInPicker: z.boolean(), rev: SeenRevision })
  .partial();
export const FoldersCollapseBody = z.array(z.object({ _id: z.uuid(), isCollapsed: z.boolean() })).max(1000);
export const FolderOrderBody = z.object({ phaseId: z.uuid(), folderIds: z.array(z.uuid()).max(1000) });

export const DOCTYPES = ['plan', 'data'] as const;
export type Doctype = (typeof DOCTYPES)[number];
export const DocBody = z.object({ folderId: z.uuid(), doctype: z.enum(DOCTYPES), number: text(100), name: text(300) });
export const DocUpdateBody = z.object({ number: text(100), name: text(300), rev: SeenRevision }).partial();
/** Moves docs into a folder (the same or another) in the given order. */
export const DocOrderBody = z.object({ folderId: z.uuid(), docIds: z.array(z.uuid()).max(5000) });

export const VersionBody = z.object({ docId: z.uuid(), index: text(20), comment: text(2000).default('') });
export const VersionUpdateBody = z
  .object({ index: text(20), comment: text(2000), downloadsEnabled: z.boolean(), rev: SeenRevision })
  .partial();
export const ReleaseManyBody = z.object({ versionIds: z.array(z.uuid()).min(1).max(1000) });

export const VERSION_STATUSES = ['preparation', 'current', 'outdated', 'archived'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
/** 'other': a data doc's file in any format besides PDF, DWG and DXF (a .docx protocol, an .xlsx list). */
export const FILE_KINDS = ['pdf', 'dwg', 'dxf', 'addon', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export type DeliverState = 'RED' | 'GREEN' | 'GRAY';

export interface ProjectDto {
  _id: string;
  /** Revision of number and name (see SeenRevision). */
  rev: number;
  number: string;
  name: string;
  state: string;
  phases: string[];
  createdAt: string;
  updatedAt: string;
  openedAt: string | null;
}

export interface PhaseDto {
  _id: string;
  rev: number;
  project: string;
  shortcut: string;
  name: string;
  sortOrder: number;
  folders: string[];
}

export interface DocFolderDto {
  _id: string;
  rev: number;
  project: string;
  phase: string;
  name: string;
  category: FolderCategory;
  sortOrder: number;
  isCollapsed: boolean;
  isCollapsedInPicker: boolean;
  docs: { _id: string; sortOrder: number }[];
}

export interface DocDto {
  _id: string;
  rev: number;
  project: string;
  folder: string;
  doctype: Doctype;
  number: string;
  name: string;
  sortOrder: number;
  currentVersion: string | null;
  nextVersion: string | null;
  oldVersions: string[];
  /** Aggregate over the doc's subscriptions (aggregateDeliverState). */
  state: { deliver: DeliverState };
}

export interface VersionDto {
  _id: string;
  rev: number;
  doc: string;
  number: number;
  index: string;
  comment: string;
  mode: 'upload';
  doctype: Doctype;
  status: VersionStatus;
  files: string[];
  releaseDate: string | null;
  outdatedAt: string | null;
  downloadsEnabled: boolean;
  /** Files of this version that were sent; once any is, index and number are locked. */
  deliveredFiles: string[];
  /** Only for data docs (spec §7); a plan's files tell the same, and thousands of versions need not carry them. */
  pdfIsUploaded?: boolean;
  dwgIsUploaded?: boolean;
  dxfIsUploaded?: boolean;
}

export interface FileDto {
  _id: string;
  doc: string;
  version: string;
  kind: FileKind;
  filename: string;
  size: number;
  /** On GET /api/file/:id; the project load leaves it out. */
  sha256?: string;
  uploaded: string;
  pdfWidthMm: number | null;
  pdfHeightMm: number | null;
  pdfPages: number | null;
  pageFormat: string | null;
  isEncrypted: boolean;
  /** DWG and DXF: the AutoCAD release code (`AC1032`, see CAD_RELEASES); null when the file names none. */
  cadRelease: string | null;
  /** `$INSUNITS` (0 unitless, 4 mm, 6 m, …); null before AutoCAD 2000 or when the file names none. */
  cadUnits: number | null;
  /** The drawing extents ($EXTMIN to $EXTMAX) in drawing units; null when unknown or empty. */
  cadWidth: number | null;
  cadHeight: number | null;
  /** PDF, DWG, DXF: whether its thumbnail (and a drawing's scene) is made yet, or could not be; null for other files. */
  preview: PreviewStatus | null;
  /** A PDF: whether the server has drawn its first page for the viewer (GET /api/file/:id/sheet). */
  sheet: boolean;
}

export interface ProjectBundle {
  archives: ArchiveDto[];
  project: ProjectDto;
  phases: PhaseDto[];
  participants: ParticipantDto[];
  docfolders: DocFolderDto[];
  participantfolders: ParticipantFolderDto[];
  docs: DocDto[];
  subs: SubscriptionDto[];
  /** Folder and phase subscriptions that new plans get (standing-subscriptions.ts). */
  standingSubs: StandingSubscriptionDto[];
  versions: VersionDto[];
  files: FileDto[];
  /** The office's roles (one list for all its projects). */
  roles: RoleDto[];
  /** The number of the project's last change when this was read: live changes after it apply on top. */
  changeSeq: number;
}

/**
 * GET /api/doc/:id/deletion, asked before a delete: how many recipients (participants whose mail went
 * out) have the plan's files. Above 0 the delete withdraws it: their pages keep it as withdrawn.
 */
export interface DocDeletionCheck {
  recipients: number;
}

/** The answer to a release: the released docs with all their versions (previous ones now outdated or archived). */
export interface ReleaseResponse {
  docs: DocDto[];
  versions: VersionDto[];
}

export interface ProjectListResponse {
  projects: ProjectDto[];
  count: number;
  total: number;
  page: number;
  pages: number;
  limit: number;
  appVersion: string;
  appNeedsUpdate: boolean;
}
