import type { DocDto, DocFolderDto, FileDto, PhaseDto, ProjectBundle, VersionDto } from '@plankurier/shared';

/** Small builders for the unit tests of the project screen's pure helpers. */
export const phase = (id: string, sortOrder: number, shortcut = id.toUpperCase()): PhaseDto => ({
  _id: id,
  rev: 1,
  project: 'p1',
  shortcut,
  name: `Phase ${shortcut}`,
  sortOrder,
  folders: [],
});

export const folder = (id: string, sortOrder: number, over: Partial<DocFolderDto> = {}): DocFolderDto => ({
  _id: id,
  rev: 1,
  project: 'p1',
  phase: 'ph1',
  name: `Ordner ${id}`,
  category: 'plans',
  sortOrder,
  isCollapsed: false,
  isCollapsedInPicker: false,
  docs: [],
  ...over,
});

export const doc = (id: string, folderId: string, sortOrder: number, over: Partial<DocDto> = {}): DocDto => ({
  _id: id,
  rev: 1,
  project: 'p1',
  folder: folderId,
  doctype: 'plan',
  number: `A-${id}`,
  name: `Plan ${id}`,
  sortOrder,
  currentVersion: null,
  nextVersion: null,
  oldVersions: [],
  state: { deliver: 'GRAY' },
  ...over,
});

export const version = (id: string, docId: string, number: number, over: Partial<VersionDto> = {}): VersionDto => ({
  _id: id,
  rev: 1,
  doc: docId,
  number,
  index: String.fromCharCode(64 + number),
  comment: '',
  mode: 'upload',
  doctype: 'plan',
  status: 'preparation',
  files: [],
  releaseDate: null,
  outdatedAt: null,
  downloadsEnabled: true,
  deliveredFiles: [],
  pdfIsUploaded: false,
  dwgIsUploaded: false,
  dxfIsUploaded: false,
  ...over,
});

export const file = (id: string, versionId: string, over: Partial<FileDto> = {}): FileDto => ({
  _id: id,
  doc: 'd1',
  version: versionId,
  kind: 'pdf',
  filename: `${id}.pdf`,
  size: 1000,
  sha256: '0'.repeat(64),
  uploaded: '2026-11-21T10:00:00.000Z',
  pdfWidthMm: 210,
  pdfHeightMm: 297,
  pdfPages: 1,
  pageFormat: 'A4',
  isEncrypted: false,
  cadRelease: null,
  cadUnits: null,
  cadWidth: null,
  cadHeight: null,
  ...over,
});

export const bundle = (over: Partial<ProjectBundle> = {}): ProjectBundle => ({
  archives: [],
  project: {
    _id: 'p1',
    rev: 1,
    number: '2026-01',
    name: 'Wohnhaus Müller',
    state: 'active',
    phases: [],
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    openedAt: null,
  },
  phases: [],
  participants: [],
  docfolders: [],
  participantfolders: [],
  docs: [],
  subs: [],
  versions: [],
  files: [],
  roles: [],
  ...over,
});
