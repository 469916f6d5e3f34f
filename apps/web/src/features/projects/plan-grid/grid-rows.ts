import { docMatchesFilter, type DocDto, type DocFolderDto, type PhaseDto } from '@plankurier/shared';
import type { ProjectModel } from '../model/project-model';
import { folderKey, phaseKey } from './grid-rules';

/** One line of the Planraster: a phase heading, a folder heading or a plan (or data doc). */
export type GridRow =
  | { kind: 'phase'; key: string; phase: PhaseDto; docIds: string[] }
  | { kind: 'folder'; key: string; folder: DocFolderDto; docIds: string[] }
  | { kind: 'doc'; key: string; doc: DocDto; phaseId: string };

export type GroupRow = Extract<GridRow, { kind: 'phase' | 'folder' }>;

export const GRID_ROW_HEIGHT = { phase: 34, folder: 32, doc: 32 } as const;

export interface GridRowOptions {
  /** One phase, or null for all. */
  phaseId: string | null;
  filterText: string;
  currentIndexOf: (doc: DocDto) => string | null;
}

/**
 * The rows of the matrix: each phase (in its order) with its folders (plans first, then documents,
 * each by sortOrder) and their docs that match the filter. Folders and phases without a shown doc
 * are left out: there is nothing to subscribe to in them.
 */
export function buildGridRows(
  model: Pick<ProjectModel, 'phases' | 'foldersByPhase' | 'docsByFolder'>,
  options: GridRowOptions,
): GridRow[] {
  const rows: GridRow[] = [];
  const filtering = options.filterText.trim().length > 0;
  for (const phase of model.phases) {
    if (options.phaseId !== null && phase._id !== options.phaseId) continue;
    const folders = model.foldersByPhase.get(phase._id) ?? [];
    const ordered = [
      ...folders.filter((f) => f.category === 'plans'),
      ...folders.filter((f) => f.category !== 'plans'),
    ];
    const phaseRow: GroupRow = { kind: 'phase', key: phaseKey(phase._id), phase, docIds: [] };
    const phaseRows: GridRow[] = [];
    for (const folder of ordered) {
      const docs = model.docsByFolder.get(folder._id) ?? [];
      const shown = filtering
        ? docs.filter((d) =>
            docMatchesFilter(
              { name: d.name, number: d.number, currentIndex: options.currentIndexOf(d) },
              options.filterText,
            ),
          )
        : docs;
      if (shown.length === 0) continue;
      const docIds = shown.map((d) => d._id);
      phaseRows.push({ kind: 'folder', key: folderKey(folder._id), folder, docIds });
      for (const doc of shown) phaseRows.push({ kind: 'doc', key: `doc:${doc._id}`, doc, phaseId: phase._id });
      phaseRow.docIds.push(...docIds);
    }
    if (phaseRows.length === 0) continue;
    rows.push(phaseRow, ...phaseRows);
  }
  return rows;
}

/** The doc ids of all shown rows, in order. */
export const shownDocIds = (rows: readonly GridRow[]) => rows.flatMap((r) => (r.kind === 'doc' ? [r.doc._id] : []));

/**
 * Two rows that draw the same: the rows are built anew with every change of the project, a row's
 * doc (or phase, folder and doc list) stays the same object while nothing of it changed.
 */
export function sameRow(a: GridRow, b: GridRow): boolean {
  if (a === b) return true;
  if (a.key !== b.key) return false;
  if (a.kind === 'doc') return b.kind === 'doc' && a.doc === b.doc;
  if (a.kind === 'phase') {
    if (b.kind !== 'phase' || a.phase !== b.phase) return false;
  } else if (b.kind !== 'folder' || a.folder !== b.folder) return false;
  return a.docIds.length === b.docIds.length && a.docIds.every((id, i) => id === b.docIds[i]);
}
