import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { missingTestTools } from '../../../scripts/test-tools.mjs';

const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bare-path-'));
afterAll(() => fs.rmSync(bare, { recursive: true, force: true }));

test('a machine without poppler-utils and unzip is told in one line what to install', () => {
  // Node alone on the PATH: none of the programs the tests read PDFs and ZIPs with.
  fs.symlinkSync(process.execPath, path.join(bare, 'node'));
  const script = `import(${JSON.stringify(path.resolve(import.meta.dirname, '../../../scripts/test-tools.mjs'))}).then((m) => console.log(m.missingTestTools()))`;
  const line = execFileSync(path.join(bare, 'node'), ['-e', script], { env: { PATH: bare }, encoding: 'utf8' }).trim();
  expect(line).toBe(
    'The tests need pdftotext, pdfinfo, pdftoppm, unzip: install them (Debian: apt-get install -y poppler-utils unzip).',
  );
  // This machine runs the suite: it has them all.
  expect(missingTestTools()).toBeUndefined();
});
