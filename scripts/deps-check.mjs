// npm run deps:check: the dependencies whose newest release is a major beyond the range package.json
// allows (for 0.x, a minor: 0.28 → 0.29). Patches and minors come with `npm update`; a major is a
// decision, so each one found here is either taken or named in README 'Dependencies held back'.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['outdated', '--json'], { encoding: 'utf8' });
// npm outdated exits 1 when anything is outdated; only unreadable output is a failure.
let outdated;
try {
  outdated = JSON.parse(result.stdout || '{}');
} catch {
  console.error(`deps:check: npm outdated gave no JSON: ${result.stderr.trim()}`);
  process.exit(2);
}

/** The part of a version that a breaking release changes: the major, or 0.minor before 1.0. */
const breakingPart = (version) => {
  const [major, minor] = String(version).split('.');
  return major === '0' ? `0.${minor}` : major;
};

const rows = [];
for (const [name, entries] of Object.entries(outdated)) {
  for (const entry of [entries].flat()) {
    if (!entry.latest || !entry.wanted || breakingPart(entry.wanted) === breakingPart(entry.latest)) continue;
    rows.push([name, entry.current ?? '(not installed)', entry.wanted, entry.latest, entry.dependent ?? '']);
  }
}
rows.sort((a, b) => a[0].localeCompare(b[0]) || a[4].localeCompare(b[4]));
if (rows.length === 0) {
  console.log('deps:check: every dependency is at its current major.');
} else {
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
