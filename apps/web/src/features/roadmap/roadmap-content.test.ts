import { describe, expect, test } from 'vitest';
import { ROADMAP } from './roadmap-content';

/**
 * What the product does today (README, spec §1), each as words a roadmap item about it would use,
 * in both languages. None of it may show as still to come.
 */
const SHIPPED = [
  { feature: 'projects and phases', de: /Projekte.*Phasen/, en: /Projects.*phases/ },
  { feature: 'plan versions with uploads', de: /Versionen/, en: /versions/ },
  { feature: 'contacts and import', de: /Kontakt.*Import/, en: /Contact.*import/ },
  { feature: 'participants and roles', de: /Beteiligte.*Rollen/, en: /Participants.*roles/ },
  { feature: 'subscriptions and plan grid', de: /Planraster/, en: /plan grid/ },
  { feature: 'deliver mode with tracking', de: /Versand/, en: /Deliver/ },
  { feature: 'bounces', de: /Bounce/, en: /bounced/ },
  { feature: 'downloads', de: /herunterge?lade/, en: /download/ },
  { feature: 'timeline', de: /Timeline/, en: /Timeline/ },
  { feature: 'prints', de: /als PDF/, en: /as PDF/ },
  { feature: 'archives', de: /Projektarchiv/, en: /project archive/ },
  { feature: 'QR codes', de: /QR-Code/, en: /QR code/ },
  { feature: 'templates', de: /Vorlagen/, en: /templates/ },
  { feature: 'billing', de: /Abos.*Rechnungen/, en: /invoices/ },
] as const;

const LOCALES = ['de', 'en'] as const;
const words = (item: (typeof ROADMAP)[number], locale: 'de' | 'en') => `${item.title[locale]} ${item.text[locale]}`;

describe('the roadmap', () => {
  test.each(SHIPPED)('lists $feature as done, in German and English', ({ de, en }) => {
    const done = ROADMAP.filter((item) => item.status === 'done');
    expect(done.some((item) => de.test(words(item, 'de')))).toBe(true);
    expect(done.some((item) => en.test(words(item, 'en')))).toBe(true);
  });

  test('names nothing shipped as in progress or planned', () => {
    const upcoming = ROADMAP.filter((item) => item.status !== 'done');
    for (const item of upcoming)
      for (const { feature, ...pattern } of SHIPPED)
        for (const locale of LOCALES)
          expect(pattern[locale].test(item.title[locale]), `'${item.title[locale]}' names ${feature}`).toBe(false);
  });

  test('says what comes next: teams, plan sets, proof of delivery, several servers with S3, large projects', () => {
    const upcoming = ROADMAP.filter((item) => item.status !== 'done').map((item) => words(item, 'en'));
    for (const next of [/Teams/, /plan sets/, /Proof of delivery/, /S3/, /2,000 plans/])
      expect(upcoming.some((text) => next.test(text))).toBe(true);
  });

  test('every item has a title and a text in both languages, and no title twice', () => {
    for (const locale of LOCALES) {
      const titles = ROADMAP.map((item) => item.title[locale]);
      expect(new Set(titles).size).toBe(titles.length);
      for (const item of ROADMAP) expect(item.text[locale].length).toBeGreaterThan(20);
    }
  });
});
