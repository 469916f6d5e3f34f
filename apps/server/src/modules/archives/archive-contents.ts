import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Deps } from '../../deps.ts';
import { archiveEntryPath, uniquePaths } from './archive-names.ts';
import { zipEntryDate } from './zip-entry-date.ts';
import { csvIndex } from './archive-csv.ts';
import { currentFilesOfProject } from './queries.ts';
import type { ZipSource } from './write-zip-file.ts';

export const CSV_INDEX_NAME = 'Index.csv';
export const PLAN_LIST_NAMES = { de: 'Planliste.pdf', en: 'Plan list.pdf' } as const;

export interface ArchiveContents {
  sources: ZipSource[];
  files: number;
  bytes: number;
}

/**
 * What goes into a project's archive: the plan list PDF at the root, the current version's files
 * of every doc (PDF and add-ons, plus DWG and DXF unless PDF only) under `Phase/Folder/…`, and the
 * CSV index at the root.
 */
export async function archiveContents(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  projectId: string,
  pdfOnly: boolean,
  planList: { file: string; name: string },
): Promise<ArchiveContents> {
  const files = await currentFilesOfProject(db, projectId, pdfOnly);
  const planListSize = (await fs.promises.stat(planList.file)).size;
  const paths = uniquePaths([
    CSV_INDEX_NAME,
    planList.name,
    ...files.map((f) =>
      archiveEntryPath({
        kind: f.kind,
        filename: f.filename,
        number: f.number,
        name: f.name,
        index: f.index,
        phaseShortcut: f.phase_shortcut,
        phaseName: f.phase_name,
        folderName: f.folder_name,
      }),
    ),
  ]).slice(2);
  const csv = Buffer.from(
    csvIndex(
      files.map((f, i) => ({
        number: f.number,
        name: f.name,
        index: f.index,
        releaseDate: f.release_date,
        phase: [f.phase_shortcut, f.phase_name].filter(Boolean).join(' '),
        folder: f.folder_name,
        path: paths[i]!,
        size: Number(f.size),
        sha256: f.sha256,
      })),
    ),
    'utf8',
  );
  const sources: ZipSource[] = [
    { path: planList.name, open: () => Promise.resolve(fs.createReadStream(planList.file)) },
    ...files.map((f, i) => ({
      path: paths[i]!,
      date: zipEntryDate(f.uploaded_at),
      counted: true,
      open: () => storage.read(f.storage_key),
    })),
    { path: CSV_INDEX_NAME, open: () => Promise.resolve(Readable.from([csv])) },
  ];
  const bytes = planListSize + files.reduce((sum, f) => sum + Number(f.size), 0) + csv.length;
  return { sources, files: files.length, bytes };
}
