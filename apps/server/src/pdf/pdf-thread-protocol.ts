/** Server → PDF thread: run this exported function of this module (a file URL) with these arguments. */
export interface ThreadCall {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}

/** PDF thread → server: the result, or the error (with its msgCode and status when it is an application error). */
export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string; stack: string; msgCode?: string; status?: number };
