import type { FileDto, FileKind } from '@plankurier/shared';

/** Kinds the viewer shows: PDFs (also add-ons) with pdf.js, DWG and DXF as their drawing scene. */
export const isViewableKind = (kind: FileKind): boolean =>
  kind === 'pdf' || kind === 'addon' || kind === 'dwg' || kind === 'dxf';

/** The file a plan is seen by: its PDF, else its DWG, else its DXF. */
export function viewableFile<T extends Pick<FileDto, 'kind'>>(files: readonly T[]): T | null {
  for (const kind of ['pdf', 'dwg', 'dxf'] as const) {
    const file = files.find((f) => f.kind === kind);
    if (file) return file;
  }
  return null;
}

/** The office's viewer of a file. */
export const officeViewerPath = (projectId: string, fileId: string) =>
  `/project/${encodeURIComponent(projectId)}/view/${encodeURIComponent(fileId)}`;

/** The recipient's viewer of a file sent with their link. */
export const recipientViewerPath = (token: string, fileId: string) =>
  `/d/${encodeURIComponent(token)}/view/${encodeURIComponent(fileId)}`;
