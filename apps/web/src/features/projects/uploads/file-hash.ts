import { createSHA256 } from 'hash-wasm';
import { Sha256 } from './sha256-js';

const HASH_CHUNK = 8 * 1024 * 1024;

interface Hasher {
  update(data: Uint8Array): void;
  hex(): string;
}

/** hash-wasm when WebAssembly may run here, else the plain TypeScript implementation. */
async function createHasher(): Promise<Hasher> {
  try {
    const wasm = await createSHA256();
    wasm.init();
    return { update: (data) => void wasm.update(data), hex: () => wasm.digest('hex') };
  } catch {
    const js = new Sha256();
    return { update: (data) => void js.update(data), hex: () => js.digestHex() };
  }
}

/**
 * The hex SHA-256 of a file, read slice by slice so that a plan of several GB never sits in
 * memory as a whole. `shouldStop` lets a cancel end the work between slices.
 */
export async function sha256OfFile(
  file: Blob,
  onProgress: (bytesRead: number) => void,
  shouldStop: () => boolean,
): Promise<string | null> {
  const hasher = await createHasher();
  for (let offset = 0; offset < file.size; offset += HASH_CHUNK) {
    if (shouldStop()) return null;
    hasher.update(new Uint8Array(await file.slice(offset, offset + HASH_CHUNK).arrayBuffer()));
    onProgress(Math.min(file.size, offset + HASH_CHUNK));
  }
  return shouldStop() ? null : hasher.hex();
}
