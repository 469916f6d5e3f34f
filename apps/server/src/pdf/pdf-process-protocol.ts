/** Server → module process: run this exported function of this module (a file URL) with these arguments. */
export interface ProcessCall {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}

/** Module process → server: the result, or the error (with its msgCode and status when it is an application error). */
export type ProcessReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string; stack: string; msgCode?: string; status?: number };
