import {
  releaseProblem,
  type NamingKey,
  type PlanSetDto,
  type ReviewFile,
  type ReviewGroup,
  type SetFileEdit,
  type SetPlan,
  type SetProblem,
  type SetReview,
  type TitleBlockFields,
} from '@plankurier/shared';
import type { ProjectModel } from '../model/project-model';

/** The project's plans and documents as the set check needs them, from the bundle the screen has. */
export function setPlansOf(model: ProjectModel): SetPlan[] {
  return model.bundle.docs.map((doc) => {
    const current = doc.currentVersion ? model.versionById.get(doc.currentVersion) : undefined;
    const next = doc.nextVersion ? model.versionById.get(doc.nextVersion) : undefined;
    return {
      docId: doc._id,
      number: doc.number,
      name: doc.name,
      folderId: doc.folder,
      doctype: doc.doctype,
      currentIndex: current?.index ?? null,
      prepared: next
        ? {
            versionId: next._id,
            index: next.index,
            kinds: (model.filesByVersion.get(next._id) ?? []).map((f) => f.kind),
          }
        : null,
    };
  });
}

export const namingContextOf = (model: ProjectModel) => ({
  projectNumber: model.bundle.project.number,
  phaseShortcuts: model.phases.map((p) => p.shortcut),
});

/** A dropped file as the check sees it: its key in the set, its name and size (never its contents). */
export interface DroppedFile {
  key: string;
  file: File;
}

export const droppedFiles = (files: readonly File[], offset = 0): DroppedFile[] =>
  files.map((file, i) => ({ key: `f${offset + i}`, file }));

/** A dropped file as the check sees it: name, size, the hash when computed, the title block when read. */
export const setFilesOf = (
  dropped: readonly DroppedFile[],
  hashes: ReadonlyMap<string, string> = new Map(),
  titleBlocks: ReadonlyMap<string, TitleBlockFields> = new Map(),
) =>
  dropped.map(({ key, file }) => {
    const sha256 = hashes.get(key);
    const block = titleBlocks.get(key);
    return {
      key,
      filename: file.name,
      size: file.size,
      ...(sha256 ? { sha256 } : {}),
      ...(block ? { titleBlock: { number: block.number, index: block.index } } : {}),
    };
  });

/** The sizes of the files of current and prepared versions: a dropped file of another size is none of them. */
export function storedFileSizes(model: ProjectModel): Set<number> {
  const sizes = new Set<number>();
  for (const file of model.bundle.files) {
    const status = model.versionById.get(file.version)?.status;
    if (status === 'current' || status === 'preparation') sizes.add(file.size);
  }
  return sizes;
}

/** How many files of the review have their content in the project already ('bereits vorhanden'). */
export const alreadyThereCount = (review: SetReview) =>
  review.files.filter((f) => f.problems.some((p) => p.code === 'already_there')).length;

/**
 * An edit of a row applies to the file and its partner files (the DWG beside its PDF), so one fix
 * moves the whole plan; leaving a file out concerns that file alone.
 */
export function withEdit(
  edits: Readonly<Record<string, SetFileEdit>>,
  review: SetReview,
  fileKey: string,
  change: SetFileEdit,
): Record<string, SetFileEdit> {
  const file = review.files.find((f) => f.key === fileKey);
  const partnerKeys =
    change.skip === undefined && file?.groupKey
      ? review.files.filter((f) => f.groupKey === file.groupKey).map((f) => f.key)
      : [fileKey];
  const next = { ...edits };
  for (const key of partnerKeys) next[key] = { ...next[key], ...change };
  return next;
}

/** All problems of a file: its own and its group's. */
export function problemsOf(file: ReviewFile, groups: ReadonlyMap<string, ReviewGroup>): SetProblem[] {
  const group = file.groupKey ? groups.get(file.groupKey) : undefined;
  return [...file.problems, ...(group?.problems ?? [])];
}

const LEVEL_RANK = { block: 0, warn: 1, info: 2 } as const;
const KIND_RANK: Record<string, number> = { pdf: 0, dwg: 1, dxf: 2 };

export interface ReviewRow {
  file: ReviewFile;
  group: ReviewGroup | undefined;
  problems: SetProblem[];
  /** The most pressing level of its problems, or null. */
  level: SetProblem['level'] | null;
  /** The other files of its plan and index ('DWG'). */
  partners: string[];
}

/**
 * The rows of the review table: what needs a decision first, then what to look at, then the rest,
 * each by plan number with a plan's partner files together.
 */
export function reviewRows(review: SetReview): ReviewRow[] {
  const groups = new Map(review.groups.map((g) => [g.key, g]));
  const rows = review.files.map((file): ReviewRow => {
    const group = file.groupKey ? groups.get(file.groupKey) : undefined;
    const problems = problemsOf(file, groups);
    const active = file.skip ? [] : problems;
    const level = active.reduce<ReviewRow['level']>(
      (worst, p) => (worst === null || LEVEL_RANK[p.level] < LEVEL_RANK[worst] ? p.level : worst),
      null,
    );
    const partners = group
      ? review.files
          .filter((f) => f.groupKey === group.key && f.key !== file.key)
          .map((f) => (f.kind ?? '').toUpperCase())
      : [];
    return { file, group, problems, level, partners };
  });
  const rank = (row: ReviewRow) => (row.file.skip ? 4 : row.level === null ? 3 : LEVEL_RANK[row.level]);
  return rows.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.file.number ?? '~').localeCompare(b.file.number ?? '~', 'de', { numeric: true }) ||
      (KIND_RANK[a.file.kind ?? ''] ?? 9) - (KIND_RANK[b.file.kind ?? ''] ?? 9),
  );
}

/** The set's versions that may be released now: still in preparation, with their PDF (a plan needs it). */
export function releasableVersions(set: PlanSetDto, model: ProjectModel): string[] {
  const ids = [...new Set(set.files.map((f) => f.version))];
  return ids.filter((versionId) => {
    const version = model.versionById.get(versionId);
    if (!version) return false;
    const kinds = (model.filesByVersion.get(versionId) ?? []).map((f) => f.kind);
    return releaseProblem(version.status, version.doctype, kinds) === null;
  });
}

/**
 * What of a set is still to release: its versions in preparation (one per plan) and the folders
 * their plans are in, as the open set's banner names them.
 */
export function preparedOfSet(set: PlanSetDto, model: ProjectModel): { versions: string[]; folders: string[] } {
  const versions = [...new Set(set.files.map((f) => f.version))].filter(
    (id) => model.versionById.get(id)?.status === 'preparation',
  );
  const folderIds = new Set(versions.map((id) => model.docById.get(model.versionById.get(id)!.doc)?.folder));
  const folders = [...folderIds].flatMap((id) => {
    const folder = id ? model.folderById.get(id) : undefined;
    return folder ? [folder.name] : [];
  });
  return { versions, folders };
}

/** The plans of a set (each once), for deliver mode. */
export const docsOfSet = (set: PlanSetDto) => [...new Set(set.files.map((f) => f.doc))];

export const sameNamingKey = (a: NamingKey, b: NamingKey) =>
  (a.pattern ?? '') === (b.pattern ?? '') && a.indexStyle === b.indexStyle;
