import { inPdfProcess } from '../../pdf/pdf-process.ts';
// Loaded in the PDF process by the call below: the checks' modules come with this one.
import './cad-inspect.ts';
import './pdf-inspect.ts';

/** Runs in the PDF process: by now the upload checks' modules are loaded there. */
export const checksLoaded = async () => true;

/**
 * Starts the process that checks finished uploads and loads its modules while the server waits
 * for its first request: otherwise the first upload after a start waits about half a second for
 * the process (tsx, the readers) before its file is checked.
 */
export function warmUploadChecks(log: { warn: (obj: object, msg: string) => void }): void {
  inPdfProcess<boolean>(new URL(import.meta.url), 'checksLoaded').catch((err: unknown) =>
    log.warn({ err }, 'starting the upload check process failed'),
  );
}
