import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/**
 * The line a bench's child process reports when it is ready (`{"port":…}`, see reportReady). The
 * server's own log also goes to stdout (warnings at start-up, e.g. that mail goes to the outbox):
 * those lines are passed on to stderr, not taken for the report.
 */
export function readyLine(child: ChildProcess): Promise<string> {
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{"port":')) resolve(line);
      else process.stderr.write(`${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}
