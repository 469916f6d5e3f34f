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
