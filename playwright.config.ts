import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Every run starts on an empty data directory: its own embedded PostgreSQL, storage and outbox.
// Workers load this file again and inherit the directory through the environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.resolve('.tmp', `e2e-${Date.now()}`);
  fs.mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // How the server ended is printed: a server gone in the middle of a run (seen twice, silently:
    // every later journey then fails with ERR_CONNECTION_REFUSED) names its exit status or signal.
    command: `sh -c 'npx tsx apps/server/src/main.ts; echo "[e2e] the server exited with status $?" >&2'`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server's own log (warnings and errors only: LOG_LEVEL below) is kept for the same reason.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // e2e/bounces.spec.ts reports returned mail through the provider webhook.
      BOUNCE_WEBHOOK_SECRET: 'e2e-bounce-webhook-secret-0123456789',
      // A relay's rate limit (README 'Sending deliveries'): a delivery to a few dozen receivers runs
      // long enough for e2e/stop-delivery.spec.ts to stop it; three mails take a second.
      DELIVERY_MAILS_PER_MINUTE: '120',
      // Every journey signs up its own office from 127.0.0.1: more than the default 30 an hour.
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      // Every journey opens recipient and QR pages (with their thumbnails) from 127.0.0.1 on one server.
      PUBLIC_REQUESTS_PER_IP_PER_MINUTE: '100000',
      // All journeys of a run mail from one installation: its hourly ceiling is for real ones.
      MAIL_LIMIT_INSTALLATION: '100000/1000000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
