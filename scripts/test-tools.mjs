import { spawnSync } from 'node:child_process';

/**
 * Programs the tests run to read what the app made: the print-outs, stamped plans and invoices
 * (poppler-utils) and the ZIP archives (unzip). Debian packages, as the README says.
 */
export const TEST_TOOLS = [
  { command: 'pdftotext', args: ['-v'], debian: 'poppler-utils' },
  { command: 'pdfinfo', args: ['-v'], debian: 'poppler-utils' },
  { command: 'pdftoppm', args: ['-v'], debian: 'poppler-utils' },
  { command: 'unzip', args: ['-v'], debian: 'unzip' },
];

/** One line naming the missing programs and how to install them, or undefined when all are there. */
export function missingTestTools() {
  const missing = TEST_TOOLS.filter((tool) => spawnSync(tool.command, tool.args, { stdio: 'ignore' }).error);
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((tool) => tool.debian))].join(' ');
  return `The tests need ${missing.map((tool) => tool.command).join(', ')}: install them (Debian: apt-get install -y ${packages}).`;
}
