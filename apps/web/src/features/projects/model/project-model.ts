import {
  orderedFormats,
  type DocDto,
  type DocFolderDto,
  type FileDto,
  type FolderCategory,
  type PhaseDto,
  type ProjectBundle,
  type VersionDto,
} from '@plankurier/shared';
import { viewableFile } from '../../previews/viewable-file';

/** The bundle of GET /project/:id indexed for the screen: sorted phases, folders per phase, docs per folder. */
export interface ProjectModel {
  bundle: ProjectBundle;
  phases: PhaseDto[];
  foldersByPhase: Map<string, DocFolderDto[]>;
  docsByFolder: Map<string, DocDto[]>;
  folderById: Map<string, DocFolderDto>;
  docById: Map<string, DocDto>;
  versionById: Map<string, VersionDto>;
  filesByVersion: Map<string, FileDto[]>;
  versionsByDoc: Map<string, VersionDto[]>;
}

const bySortOrder = (a: { sortOrder: number }, b: { sortOrder: number }) => a.sortOrder - b.sortOrder;

function group<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

export function buildProjectModel(bundle: ProjectBundle): ProjectModel {
  const foldersByPhase = group([...bundle.docfolders].sort(bySortOrder), (f) => f.phase);
  const docsByFolder = group([...bundle.docs].sort(bySortOrder), (d) => d.folder);
  const filesByVersion = group(bundle.files, (f) => f.version);
  const versionsByDoc = group(
    [...bundle.versions].sort((a, b) => b.number - a.number),
    (v) => v.doc,
  );
  return {
    bundle,
    phases: [...bundle.phases].sort(bySortOrder),
    foldersByPhase,
    docsByFolder,
    folderById: new Map(bundle.docfolders.map((f) => [f._id, f])),
    docById: new Map(bundle.docs.map((d) => [d._id, d])),
    versionById: new Map(bundle.versions.map((v) => [v._id, v])),
    filesByVersion,
    versionsByDoc,
  };
}

export const foldersOfCategory = (folders: readonly DocFolderDto[], category: FolderCategory) =>
  folders.filter((f) => f.category === category);

/** The doctype that a folder of this category holds: plan folders hold plans, document folders data docs. */
export const doctypeForCategory = (category: FolderCategory) => (category === 'plans' ? 'plan' : 'data');

/** What a row of the plan list shows about a doc's current version. */
export interface DocRowInfo {
  currentIndex: string | null;
  releaseDate: string | null;
  formats: string[];
  pageFormat: string | null;
  preparedIndex: string | null;
  /** The current version's file the plan is seen by (PDF, else DWG, else DXF), for its thumbnail and viewer. */
  viewFile: Pick<FileDto, '_id' | 'kind' | 'preview'> | null;
}

export function docRowInfo(doc: DocDto, model: Pick<ProjectModel, 'versionById' | 'filesByVersion'>): DocRowInfo {
  const current = doc.currentVersion ? model.versionById.get(doc.currentVersion) : undefined;
  const next = doc.nextVersion ? model.versionById.get(doc.nextVersion) : undefined;
  const files = current ? (model.filesByVersion.get(current._id) ?? []) : [];
  const pdf = files.find((f) => f.kind === 'pdf');
  return {
    currentIndex: current?.index ?? null,
    releaseDate: current?.releaseDate ?? null,
    formats: orderedFormats(files.filter((f) => f.kind !== 'addon')).map((format) => format.toUpperCase()),
    pageFormat: pdf?.pageFormat ?? null,
    preparedIndex: next?.index ?? null,
    viewFile: viewableFile(files),
  };
}

/** The kinds of the files a version already holds. */
export const presentKinds = (files: readonly FileDto[]) => files.map((f) => f.kind);
