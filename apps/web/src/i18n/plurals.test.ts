import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };
const LANGUAGES = { de: de as Tree, en: en as Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );

/**
 * Every placeholder the texts use, as a number or as text. A new placeholder must be added to
 * one of the two, so that the checks below know whether it counts something.
 */
const NUMBER_PLACEHOLDERS = new Set([
  'count',
  'total',
  'quantity',
  'percent',
  'participants',
  'docs',
  'width',
  'height',
  'sent',
  'done',
  'stopped',
  'shown',
  'processed',
  'finished',
  'subscribed',
  'x',
  'y',
  'min',
  'max',
  /** The count as the locale writes it ('14.000'), beside {{count}}'s plural forms. */
  'formatted',
  'line',
  /** Seats taken: '{{taken}} von {{count}} Plätzen belegt'. */
  'taken',
  /** The viewer's 'Seite {{page}} von {{pages}}'. */
  'page',
  'pages',
  /** New plans a plan set may still create ('dein Abo erlaubt noch {{left}}'). */
  'left',
  /** Names a naming key reads and reads otherwise ('liest {{read}} von {{count}} … {{changed}} davon'). */
  'read',
  'changed',
]);
const TEXT_PLACEHOLDERS = new Set([
  'name',
  /** A plan-set row's number and index read with and without a naming key ('A-202 · C'). */
  'after',
  'before',
  /** A PDF's number and index as its name and its title block say ('Dateiname sagt Index C, Plankopf sagt D'). */
  'nameNumber',
  'nameIndex',
  'blockNumber',
  'blockIndex',
  /** A drawing's width × height, formatted ('841 × 594'), and its unit symbol ('mm'). */
  'extents',
  'unit',
  'doc',
  'index',
  'participant',
  'date',
  /** A time of day, formatted ('14:32'). */
  'time',
  'tier',
  /** An office's VAT ID, as written ('ATU12345675'). */
  'vatId',
  'format',
  'target',
  'number',
  'text',
  'group',
  'folder',
  'filename',
  'email',
  'amount',
  'shortcut',
  'category',
  'version',
  'title',
  'size',
  'recipient',
  'price',
  'position',
  'plan',
  'period',
  'kind',
  'expires',
  'due',
  'created',
  'courier',
  'trackingId',
  'status',
  'phase',
  'numbers',
  'label',
  'formats',
  'example',
  'company',
  'action',
  'year',
  'office',
  'encoding',
  'field',
  'header',
  'main',
  'other',
  'lines',
  'projects',
  'actor',
  'invitedBy',
  'role',
  'project',
  /** A phone number as the person typed it: '0711 / 98 76 54'. */
  'phone',
  /** Plans with their indexes ('A-101 (C), A-102 (B)'), files of a ZIP, a plan's current index. */
  'plans',
  'files',
  'current',
  /** Plan sets: a dropped file's name and extension, indexes and what the review suggests. */
  'file',
  'extension',
  'expected',
  'indexes',
  'prepared',
  'value',
  /** A word of a dropped file's name that says it is no plan ('Protokoll'). */
  'word',
  /** A plan set still to release: the folders of its plans, who released some of it before. */
  'folders',
  'names',
  /** A recipient's address before and after it was changed. */
  'from',
  'to',
  /** A signed-in device: its browser and system, address, time of last use, and how long a sign-in lasts. */
  'browser',
  'os',
  'ip',
  'time',
  'idleTime',
  'maxTime',
]);
/** English words after a number that are not the counted noun: '{{x}} mm from the right'. */
const NOT_A_NOUN = new Set(['and', 'of', 'to', 'mm', 'stopped']);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The number placeholders of a text that stand right before the counted word: in German a noun
 * ('{{count}} Projekte', capitalised), in English any word but a few ('{{count}} projects').
 */
function numbersBesideNouns(lang: string, text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{(\w+)\}\}\s*([\p{L}]+)?/gu)) {
    const [, name, word] = match;
    if (!NUMBER_PLACEHOLDERS.has(name!) || !word) continue;
    if (lang === 'de' ? /^\p{Lu}/u.test(word) : !NOT_A_NOUN.has(word)) found.add(name!);
  }
  // '{{sent}} von {{total}} Empfängern': the noun goes with the second number.
  for (const match of text.matchAll(/\{\{\w+\}\}\s+(?:von|of)\s+\{\{(\w+)\}\}\s+[\p{L}]/gu))
    if (NUMBER_PLACEHOLDERS.has(match[1]!)) found.add(match[1]!);
  return [...found];
}

describe.each(Object.entries(LANGUAGES))('%s: a count beside a noun has its plural forms', (lang, tree) => {
  const texts = leaves(tree);
  const keys = new Set(texts.map(([key]) => key));

  test('every placeholder is known as a number or a text', () => {
    const unknown = texts.flatMap(([key, text]) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1]!)
        .filter((name) => !NUMBER_PLACEHOLDERS.has(name) && !TEXT_PLACEHOLDERS.has(name))
        .map((name) => `${key}: {{${name}}}`),
    );
    expect(unknown).toEqual([]);
  });

  test('a number beside a noun is {{count}}, in a key with _one and _other forms', () => {
    const wrong = texts.flatMap(([key, text]) =>
      numbersBesideNouns(lang, text)
        .filter((name) => {
          const base = key.replace(PLURAL_SUFFIX, '');
          // {{formatted}} is the count written as the locale does ('14.000'); the plural form follows count.
          const isTheCount = name === 'count' || name === 'formatted';
          return !isTheCount || !keys.has(`${base}_one`) || !keys.has(`${base}_other`);
        })
        .map((name) => `${key} ({{${name}}}): ${text}`),
    );
    expect(wrong, `${lang}: use {{count}} and _one/_other keys (nest $t(…) for a second count)`).toEqual([]);
  });

  test('a plural family has no bare key beside its forms, and every _one has its _other', () => {
    const bases = new Set(
      texts.filter(([key]) => PLURAL_SUFFIX.test(key)).map(([key]) => key.replace(PLURAL_SUFFIX, '')),
    );
    for (const base of bases) {
      expect(keys.has(base), `${base} and its plural forms`).toBe(false);
      expect(keys.has(`${base}_other`), `${base}_other`).toBe(true);
    }
  });
});

describe('plural texts read right for 0, 1 and 2', () => {
  const t: Record<'de' | 'en', TFunction> = {} as Record<'de' | 'en', TFunction>;
  beforeAll(async () => {
    for (const lang of ['de', 'en'] as const) {
      const instance = i18next.createInstance();
      await instance.init({
        lng: lang,
        resources: { [lang]: { translation: LANGUAGES[lang] } },
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      });
      t[lang] = instance.t;
    }
  });

  const cases: { key: string; values?: Record<string, unknown>; de: string[]; en: string[] }[] = [
    {
      key: 'projects.total',
      de: ['0 Projekte', '1 Projekt', '2 Projekte'],
      en: ['0 projects', '1 project', '2 projects'],
    },
    {
      key: 'projects.dialog.limitText',
      values: { tier: 'FREE' },
      de: [
        'Dein FREE Abo enthält 0 Projekte. Für weitere Projekte erweitere dein Abo.',
        'Dein FREE Abo enthält 1 Projekt. Für weitere Projekte erweitere dein Abo.',
        'Dein FREE Abo enthält 2 Projekte. Für weitere Projekte erweitere dein Abo.',
      ],
      en: [
        'Your FREE subscription includes 0 projects. Upgrade your subscription for more projects.',
        'Your FREE subscription includes 1 project. Upgrade your subscription for more projects.',
        'Your FREE subscription includes 2 projects. Upgrade your subscription for more projects.',
      ],
    },
    {
      key: 'deliver.send.text',
      values: { participants: 2 },
      de: [
        '0 Pläne gehen an 2 Empfänger. Jeder Empfänger bekommt eine E-Mail mit seinem persönlichen Download-Link.',
        '1 Plan geht an 2 Empfänger. Jeder Empfänger bekommt eine E-Mail mit seinem persönlichen Download-Link.',
        '2 Pläne gehen an 2 Empfänger. Jeder Empfänger bekommt eine E-Mail mit seinem persönlichen Download-Link.',
      ],
      en: [
        '0 plans go to 2 receivers. Each receiver gets one e-mail with a personal download link.',
        '1 plan goes to 2 receivers. Each receiver gets one e-mail with a personal download link.',
        '2 plans go to 2 receivers. Each receiver gets one e-mail with a personal download link.',
      ],
    },
    {
      key: 'deliver.progress.finished',
      values: { finished: 0 },
      de: ['0 von 0 Empfängern fertig', '0 von 1 Empfänger fertig', '0 von 2 Empfängern fertig'],
      en: ['0 of 0 receivers done', '0 of 1 receiver done', '0 of 2 receivers done'],
    },
    {
      key: 'participants.picker.limitText',
      values: { tier: 'FREE' },
      de: [
        'Dein FREE Abo erlaubt 0 Beteiligte in allen Projekten zusammen. Für weitere Beteiligte erweitere dein Abo.',
        'Dein FREE Abo erlaubt 1 Beteiligten in allen Projekten zusammen. Für weitere Beteiligte erweitere dein Abo.',
        'Dein FREE Abo erlaubt 2 Beteiligte in allen Projekten zusammen. Für weitere Beteiligte erweitere dein Abo.',
      ],
      en: [
        'Your FREE subscription allows 0 participants across all projects. Upgrade your subscription for more participants.',
        'Your FREE subscription allows 1 participant across all projects. Upgrade your subscription for more participants.',
        'Your FREE subscription allows 2 participants across all projects. Upgrade your subscription for more participants.',
      ],
    },
    {
      key: 'planGrid.size',
      values: { participants: 1 },
      de: ['0 Pläne × 1 Beteiligter', '1 Plan × 1 Beteiligter', '2 Pläne × 1 Beteiligter'],
      en: ['0 plans × 1 participant', '1 plan × 1 participant', '2 plans × 1 participant'],
    },
  ];

  test.each(cases)('$key', ({ key, values, de: german, en: english }) => {
    for (const [lang, expected] of [
      ['de', german],
      ['en', english],
    ] as const) {
      expect([0, 1, 2].map((count) => t[lang](key, { ...values, count, docs: count }))).toEqual(expected);
    }
  });
});
