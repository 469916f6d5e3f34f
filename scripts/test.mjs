// npm test: the whole suite. Installs first on a fresh clone, then unit and API tests (Vitest, real
// PostgreSQL and SMTP), then the end-to-end journeys (Playwright in Chromium).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!fs.existsSync('node_modules/.package-lock.json')) run('npm', ['ci', '--no-audit', '--no-fund']);
run('npx', ['vitest', 'run']);
run('node', ['scripts/e2e.mjs']);
