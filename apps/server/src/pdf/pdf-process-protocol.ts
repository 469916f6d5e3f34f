/** Server → module process: run this exported function of this module (a file URL) with these arguments. */
export interface ProcessCall {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}

/**
 * Server → a fresh module process that replaces one killed past a limit: load these modules now
 * (it answers `{ warmedUp: true }`), so the next call (often another office's light file) does
 * not wait for them.
 */
export interface ProcessWarmUp {
  warmUp: string[];
}

/** Module process → server: the result, or the error (with its msgCode and status when it is an application error). */
export type ProcessReply =
  | { warmedUp: true }
  /** The module is loaded and the function starts: its time limit counts from here (a fresh process loads tsx and the readers first). */
  | { id: number; started: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string; stack: string; msgCode?: string; status?: number };
