import { appError } from '@plankurier/shared';

/** Functions a module process runs in the tests of pdf/pdf-process.ts. */

export async function whoRuns(value: number): Promise<{ pid: number; doubled: number }> {
  return { pid: process.pid, doubled: value * 2 };
}

export async function refuse(): Promise<never> {
  throw appError('upload.pdf_damaged', 422);
}

/** What a native fault in the canvas library does to the process it runs in. */
export async function fault(): Promise<never> {
  process.kill(process.pid, 'SIGSEGV');
  return new Promise<never>(() => undefined);
}

/** A call that is still running when the process is stopped. */
export async function hang(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** A call that never ends by itself and keeps the process's thread busy, as a drawing of nested blocks does. */
export async function spin(): Promise<never> {
  for (;;) Math.sqrt(Math.random());
}

/** A call that keeps taking memory outside the V8 heap (native buffers, as the canvas does), until it is stopped. */
export async function hoard(): Promise<never> {
  const held: Buffer[] = [];
  for (;;) {
    held.push(Buffer.alloc(16 * 1024 * 1024, 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A call that keeps taking V8 heap until the heap limit stops it. */
export async function hoardHeap(): Promise<never> {
  const held: number[][] = [];
  for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => i + 0.5));
}

/** When this module was loaded in the process (a replacement after a kill loads it ahead of its first call). */
const LOADED_AT = Date.now();
export async function loadedAt(): Promise<{ pid: number; loadedAt: number }> {
  return { pid: process.pid, loadedAt: LOADED_AT };
}
