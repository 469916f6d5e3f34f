/**
 * pdf-lib logs parse noise through console for damaged files; the server logs through pino, so
 * console is muted while any such work runs (counted, so overlapping calls restore once).
 */
let quietDepth = 0;
let savedConsole: Pick<Console, 'log' | 'warn' | 'error'> | undefined;

export async function quietly<T>(work: () => Promise<T>): Promise<T> {
  if (quietDepth++ === 0) {
    savedConsole = { log: console.log, warn: console.warn, error: console.error };
    const silent = () => undefined;
    console.log = silent;
    console.warn = silent;
    console.error = silent;
  }
  try {
    return await work();
  } finally {
    if (--quietDepth === 0 && savedConsole) Object.assign(console, savedConsole);
  }
}
