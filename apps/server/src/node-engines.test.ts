import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

test('every package the lockfile installs runs on the oldest Node the README names: npm install warns of no engine', () => {
  const oldest = semver.minVersion(readJson<{ engines: { node: string } }>('package.json').engines.node)!.version;
  expect(oldest).toBe('24.0.0');
  const lock = readJson<{ packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> }>(
    'package-lock.json',
  );
  const refusing = Object.entries(lock.packages)
    .filter(([, pkg]) => {
      const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      return node !== undefined && !semver.satisfies(oldest, node);
    })
    .map(([name, pkg]) => `${name}@${pkg.version} (node ${(pkg.engines as { node: string }).node})`);
  expect(refusing).toEqual([]);
});
