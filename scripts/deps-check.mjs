// npm run deps:check: the dependencies whose newest release is a major beyond the range package.json
// allows (for 0.x, a minor: 0.28 → 0.29). Patches and minors come with `npm update`; a major is a
// decision, so each one found here is either taken or named in README 'Dependencies held back'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The part of a version that a breaking release changes: the major, or 0.minor before 1.0. */
export const breakingPart = (version) => {
  const [major, minor] = String(version).split('.');
  return major === '0' ? `0.${minor}` : major;
};

/**
 * The rows [package, current, wanted, latest, workspace] of `npm outdated --json`'s answer whose
 * latest release is a breaking one beyond the wanted; `workspaces` are the workspace folders' names
 * (npm names the root by its folder, which depends on the clone: it is shown as '(root)'). An answer
 * that is npm's error (the registry unreachable) throws: it must not read as "nothing outdated".
 */
export function majorsBehind(outdated, workspaces) {
  if (outdated === null || typeof outdated !== 'object' || Array.isArray(outdated))
    throw new Error('npm outdated gave no list');
  if (outdated.error) throw new Error(`npm outdated failed: ${outdated.error.summary ?? outdated.error.code}`);
  const rows = [];
  for (const [name, entries] of Object.entries(outdated)) {
    for (const entry of [entries].flat()) {
      if (!entry.latest || !entry.wanted || breakingPart(entry.wanted) === breakingPart(entry.latest)) continue;
      const workspace = workspaces.includes(entry.dependent) ? entry.dependent : '(root)';
      rows.push([name, entry.current ?? '(not installed)', entry.wanted, entry.latest, workspace]);
    }
  }
  return rows.sort((a, b) => a[0].localeCompare(b[0]) || a[4].localeCompare(b[4]));
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.map((w) =>
    path.basename(w),
  );
  const result = spawnSync('npm', ['outdated', '--json'], { cwd: root, encoding: 'utf8' });
  // npm outdated exits 1 when anything is outdated; its error (offline, registry down) is JSON too.
  let rows;
  try {
    rows = majorsBehind(JSON.parse(result.stdout || 'null'), workspaces);
  } catch (err) {
    const reason = err instanceof SyntaxError ? `npm outdated gave no JSON: ${result.stderr.trim()}` : err.message;
    console.error(`deps:check: ${reason.split('\n')[0]}`);
    process.exit(2);
  }
  if (rows.length === 0) {
    console.log('deps:check: every dependency is at its current major.');
    return;
  }
  const header = ['package', 'current', 'wanted', 'latest', 'workspace'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  console.log(`\n${rows.length} behind a major; README 'Dependencies held back' says why.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
