import fs from 'node:fs';

/**
 * The resident memory of a process in bytes (heap, native canvas buffers, WebAssembly memory —
 * everything `--max-old-space-size` does not bound), read from /proc. Null where there is no
 * /proc (macOS in development): there only the V8 heap cap applies.
 */
export function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}
