import fs from 'node:fs';

/** Chromium for end-to-end tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, then Playwright's own. */
export async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    // Playwright not installed or without a browser of its own
  }
  return undefined;
}
