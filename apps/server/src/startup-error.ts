/**
 * A start that cannot go on because of how the server is set up (a setting, a folder, a port).
 * Its message is one line that says what to do; the entry points print it without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Runs an entry point; a StartupError ends the process with its one line and exit code 1. */
export async function startOrExplain<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    process.stderr.write(`Plankurier cannot start: ${err.message}\n`);
    process.exit(1);
  }
}
