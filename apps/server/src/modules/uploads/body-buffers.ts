/** Body chunks handed to tus at about this size instead of the socket's 64 KB reads. */
export const BODY_CHUNK_BYTES = 1024 * 1024;
/** A gathered chunk stops at the first socket read that reaches BODY_CHUNK_BYTES: room for one more read. */
export const BODY_BUFFER_BYTES = BODY_CHUNK_BYTES + 256 * 1024;
/** Buffers kept for the next chunks (about 15 MB while uploads run, none a while after). */
const KEEP = 12;
const IDLE_MS = 10_000;

const pool: ArrayBuffer[] = [];
let idleTimer: NodeJS.Timeout | undefined;

/**
 * Memory for one gathered request-body chunk. An upload's chunks come back here once written and
 * hashed (the hash worker returns them), so a gigabyte's upload reuses a few dozen buffers instead
 * of allocating — and faulting in — a thousand fresh megabytes and collecting them again.
 */
export function bodyBuffer(bytes: number): Buffer | undefined {
  if (bytes > BODY_BUFFER_BYTES) return undefined;
  const reused = pool.pop();
  return reused ? Buffer.from(reused) : Buffer.allocUnsafeSlow(BODY_BUFFER_BYTES);
}

/** A body buffer nobody views any more (moved back from the hash worker); other sizes are left to GC. */
export function recycleBodyBuffer(buffer: ArrayBuffer): void {
  if (buffer.byteLength !== BODY_BUFFER_BYTES || pool.length >= KEEP) return;
  pool.push(buffer);
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => pool.splice(0), IDLE_MS);
  idleTimer.unref();
}
