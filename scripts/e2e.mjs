// End-to-end journeys in Chromium. Without a browser they are skipped with one clear line, unless
// E2E_REQUIRED=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { missingTestTools } from './test-tools.mjs';

const chromium = await findChromium();
if (!chromium) {
  const line = 'E2E: no Chromium found (set CHROMIUM_PATH, or install it: apt-get install -y chromium).';
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${line} E2E_REQUIRED=1, so this is a failure.`);
    process.exit(1);
  }
  console.log(`${line} End-to-end tests skipped.`);
  process.exit(0);
}

const missingTools = missingTestTools();
if (missingTools) {
  console.error(`E2E: ${missingTools}`);
  process.exit(1);
}

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// Each run makes its own data directory under .tmp; drop those of earlier runs.
for (const name of fs.existsSync('.tmp') ? fs.readdirSync('.tmp') : []) {
  if (name.startsWith('e2e-')) fs.rmSync(path.join('.tmp', name), { recursive: true, force: true });
}
run('npm', ['run', 'build']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
