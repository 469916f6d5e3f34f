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

// The indexes of each part of the bundle, kept per array: a change that leaves the docs, versions
// or files as they are (a subscription toggled, a participant renamed) reuses their indexes, and
// the screens that depend on them only (the rows of the lists and the grid) keep theirs.
const phaseIndexes = new WeakMap<readonly PhaseDto[], PhaseDto[]>();
const folderIndexes = new WeakMap<readonly DocFolderDto[], Pick<ProjectModel, 'foldersByPhase' | 'folderById'>>();
const docIndexes = new WeakMap<readonly DocDto[], Pick<ProjectModel, 'docsByFolder' | 'docById'>>();
const versionIndexes = new WeakMap<readonly VersionDto[], Pick<ProjectModel, 'versionById' | 'versionsByDoc'>>();
const fileIndexes = new WeakMap<readonly FileDto[], Map<string, FileDto[]>>();

function cached<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make(key)));
  return value;
}

export function buildProjectModel(bundle: ProjectBundle): ProjectModel {
  const folders = cached(folderIndexes, bundle.docfolders, (docfolders) => ({
    foldersByPhase: group([...docfolders].sort(bySortOrder), (f) => f.phase),
    folderById: new Map(docfolders.map((f) => [f._id, f])),
  }));
  const docs = cached(docIndexes, bundle.docs, (list) => ({
    docsByFolder: group([...list].sort(bySortOrder), (d) => d.folder),
    docById: new Map(list.map((d) => [d._id, d])),
  }));
  const versions = cached(versionIndexes, bundle.versions, (list) => ({
    versionById: new Map(list.map((v) => [v._id, v])),
    versionsByDoc: group(
      [...list].sort((a, b) => b.number - a.number),
      (v) => v.doc,
    ),
  }));
  return {
    bundle,
    phases: cached(phaseIndexes, bundle.phases, (phases) => [...phases].sort(bySortOrder)),
    ...folders,
    ...docs,
    ...versions,
    filesByVersion: cached(fileIndexes, bundle.files, (files) => group(files, (f) => f.version)),
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
