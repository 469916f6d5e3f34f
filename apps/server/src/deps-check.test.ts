import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { breakingPart, majorsBehind } from '../../../scripts/deps-check.mjs';

const workspaces = ['shared', 'server', 'web'];

test('deps:check lists a dependency whose latest release is a major beyond the wanted one (0.x: a minor)', () => {
  expect(['12.38.0', '0.29.9', '0.186.1', '1.3.5'].map(breakingPart)).toEqual(['12', '0.29', '0.186', '1']);
  const rows = majorsBehind(
    {
      'pg-boss': { current: '10.4.2', wanted: '10.4.2', latest: '12.38.0', dependent: 'server' },
      three: { current: '0.186.1', wanted: '0.186.1', latest: '0.187.0', dependent: 'web' },
      // A minor or patch behind comes with npm update: not listed.
      'react-router': { current: '7.18.5', wanted: '7.18.7', latest: '7.19.0', dependent: 'web' },
      kysely: { current: '0.29.1', wanted: '0.29.9', latest: '0.29.9', dependent: 'server' },
      // The root is named by its folder, which differs from clone to clone.
      typescript: { current: '5.9.3', wanted: '5.9.3', latest: '7.0.2', dependent: 'plankurier-clone' },
      // Wanted in two workspaces: one row each.
      i18next: [
        { current: '25.10.10', wanted: '25.10.10', latest: '27.2.10', dependent: 'web' },
        { wanted: '25.10.10', latest: '27.2.10', dependent: 'shared' },
      ],
    },
    workspaces,
  );
  expect(rows).toEqual([
    ['i18next', '(not installed)', '25.10.10', '27.2.10', 'shared'],
    ['i18next', '25.10.10', '25.10.10', '27.2.10', 'web'],
    ['pg-boss', '10.4.2', '10.4.2', '12.38.0', 'server'],
    ['three', '0.186.1', '0.186.1', '0.187.0', 'web'],
    ['typescript', '5.9.3', '5.9.3', '7.0.2', '(root)'],
  ]);
  expect(majorsBehind({}, workspaces)).toEqual([]);
});

test('deps:check fails when npm cannot ask the registry, instead of reporting nothing outdated', async () => {
  expect(() =>
    majorsBehind({ error: { code: 'ECONNREFUSED', summary: 'request to http://127.0.0.1:9/x failed' } }, workspaces),
  ).toThrow('npm outdated failed: request to http://127.0.0.1:9/x failed');
  expect(() => majorsBehind(null, workspaces)).toThrow('npm outdated gave no list');

  // The script itself, against a registry that is not there: exit code 2 and one line.
  const script = path.resolve(import.meta.dirname, '../../../scripts/deps-check.mjs');
  const run = promisify(execFile)(process.execPath, [script], {
    env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' },
  });
  const failure = await run.then(
    () => ({ code: 0, stdout: '', stderr: '' }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  expect(failure.code).toBe(2);
  expect(failure.stdout).toBe('');
  expect(failure.stderr.trim().split('\n')).toHaveLength(1);
  expect(failure.stderr).toMatch(/^deps:check: npm outdated failed: .*127\.0\.0\.1:9/);
}, 60_000);
