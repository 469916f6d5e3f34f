import { formalGermanIn, informalGermanIn } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import de from './de.json';

type Tree = { [key: string]: string | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );

/** A key prefix ending in '.' takes the whole group, any other names one key. */
const matches = (prefixes: readonly string[]) => (key: string) =>
  prefixes.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k));

/**
 * What only a participant or contact reads, without an account: the download, contact validation
 * and QR pages and the messages only they can meet. It says 'Sie' (README.md in this folder).
 */
const RECIPIENT_KEYS = [
  'downloadPage.',
  'qrCheck.',
  'contactValidate.',
  'mailAddressConfirm.',
  'msg.mail_address.link_invalid',
  'msg.link.expired',
  'msg.receipt.already_confirmed',
];

/**
 * What both the office and an outsider read: the pages any public link may end on, the drawing
 * viewer (also on the download page) and the messages those can show. It addresses no one: neither
 * 'du' nor 'Sie' ('bitte gleich noch einmal versuchen').
 */
const BOTH_SIDES_KEYS = [
  'notFound.',
  'routeError.',
  'viewer.',
  'common.toLanding',
  'common.loading',
  'msg.common.not_found',
  'msg.common.validation',
  'msg.common.bad_json',
  'msg.common.rate_limited',
  'msg.common.unavailable',
  'msg.common.internal',
  'msg.auth.invalid_code',
  'msg.file.missing',
  'msg.file.no_preview',
  'msg.file.withdrawn',
];

/**
 * Office texts with a capitalised 'Sie' or 'Ihr' that is the third person opening a sentence, each
 * with its reason. Kept empty by wording such sentences otherwise; add one only with its reason.
 */
const OFFICE_THIRD_PERSON: Record<string, string> = {};

const all = entries(de as Tree);
const isRecipient = matches(RECIPIENT_KEYS);
const isBothSides = matches(BOTH_SIDES_KEYS);
const recipientTexts = all.filter(([key]) => isRecipient(key));
const bothSidesTexts = all.filter(([key]) => isBothSides(key));
const officeTexts = all.filter(([key]) => !isRecipient(key) && !isBothSides(key) && !(key in OFFICE_THIRD_PERSON));

describe('German texts for outsiders say Sie', () => {
  test('every listed key exists', () => {
    for (const k of [...RECIPIENT_KEYS, ...BOTH_SIDES_KEYS, ...Object.keys(OFFICE_THIRD_PERSON)])
      expect(
        all.some(([key]) => key.startsWith(k)),
        k,
      ).toBe(true);
  });

  test.each(recipientTexts)('%s uses no du, dich, dir or dein', (_key, text) => {
    expect(informalGermanIn(text)).toBeNull();
  });

  test('the recipient pages do address the reader with Sie', () => {
    expect(formalGermanIn(de.downloadPage.greeting)).not.toBeNull();
    expect(formalGermanIn(de.msg.link.expired)).not.toBeNull();
  });
});

describe('German texts both sides read address no one', () => {
  test.each(bothSidesTexts)('%s says neither du nor Sie', (_key, text) => {
    expect([informalGermanIn(text), formalGermanIn(text)]).toEqual([null, null]);
  });
});

describe("the office's own German texts say du throughout", () => {
  test('they are most of the texts, the new-project dialog among them', () => {
    expect(officeTexts.length).toBeGreaterThan(1000);
    expect(officeTexts.map(([key]) => key)).toContain('projects.dialog.phasesHint');
  });

  test.each(officeTexts)('%s uses no Sie, Ihr or Ihnen', (_key, text) => {
    expect(formalGermanIn(text)).toBeNull();
  });
});
