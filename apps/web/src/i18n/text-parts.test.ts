import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { staticImportsOf, WEB_SRC as SRC } from '../static-imports';
import de from './de.json';
import en from './en.json';
import { APP_TEXT_GROUPS, pickTextPart } from './text-parts';

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
  'features/viewer/RecipientViewerPage.tsx',
  'notifications/ToastHost.tsx',
  'notifications/toast-container.ts',
];

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
    const { sources } = staticImportsOf(PUBLIC_ENTRIES);
    expect(sources.length).toBeGreaterThan(PUBLIC_ENTRIES.length);
    const appGroup = new RegExp(`['\`](${APP_TEXT_GROUPS.join('|')})\\.[a-zA-Z$]`);
    const offenders = sources
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => appGroup.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
