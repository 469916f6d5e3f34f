import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import de from './de.json';
import en from './en.json';
import { APP_TEXT_GROUPS, pickTextPart } from './text-parts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pages a visitor reaches without signing in (router.tsx), plus the app's own start. */
const PUBLIC_ENTRIES = [
  'main.tsx',
  'app.tsx',
  'router.tsx',
  'components/AppFrame.tsx',
  'features/landing/LandingPage.tsx',
  'features/auth/SignInPage.tsx',
  'features/auth/SignUpPage.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'features/auth/ResetPasswordPage.tsx',
  'features/legal/ImprintPage.tsx',
  'features/legal/PrivacyPage.tsx',
  'features/legal/TermsPage.tsx',
  'features/not-found/NotFoundPage.tsx',
  'features/validation/ContactValidatePage.tsx',
  'features/validation/UserValidatePage.tsx',
  'features/downloads/DownloadPage.tsx',
  'features/qr-check/QrCheckPage.tsx',
  'features/invitation/InvitationPage.tsx',
  'notifications/ToastHost.tsx',
  'notifications/toast-container.ts',
];

const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/** Every source file the public pages import statically (imports on demand are not followed). */
function publicSources(): string[] {
  const seen = new Set<string>();
  const queue = PUBLIC_ENTRIES.map((entry) => path.join(SRC, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveSource(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return [...seen];
}

describe('text parts', () => {
  test('every public entry exists', () => {
    for (const entry of PUBLIC_ENTRIES) expect(fs.existsSync(path.join(SRC, entry)), entry).toBe(true);
  });

  test('every group named as the signed-in screens’ own exists in German and English', () => {
    for (const group of APP_TEXT_GROUPS) {
      expect(de, group).toHaveProperty(group);
      expect(en, group).toHaveProperty(group);
    }
  });

  test('the two parts together are the whole language file, without overlap', () => {
    for (const texts of [de, en] as Record<string, unknown>[]) {
      const publicPart = pickTextPart(texts, 'public');
      const appPart = pickTextPart(texts, 'app');
      expect({ ...publicPart, ...appPart }).toEqual(texts);
      expect(Object.keys(publicPart).filter((group) => group in appPart)).toEqual([]);
    }
  });

  test('no page a visitor reaches uses a text that loads only with the signed-in frame', () => {
    const sources = publicSources();
    expect(sources.length).toBeGreaterThan(PUBLIC_ENTRIES.length);
    const appGroup = new RegExp(`['\`](${APP_TEXT_GROUPS.join('|')})\\.[a-zA-Z$]`);
    const offenders = sources
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => appGroup.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
