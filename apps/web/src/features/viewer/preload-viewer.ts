import type { FileKind } from '@plankurier/shared';

/**
 * Starts what the viewer needs as a finger or the mouse goes down on a plan, before the click that
 * opens it (on a phone, the 50–150 ms between touching and lifting): the viewer's code and, for a
 * PDF, pdf.js's worker, whose script takes about 100 ms to start.
 */
export function preloadViewer(kind: FileKind): void {
  void import('./ViewerPage').catch(() => undefined);
  if (kind === 'pdf') void import('./pdf-document').then(({ pdfWorker }) => pdfWorker()).catch(() => undefined);
}
