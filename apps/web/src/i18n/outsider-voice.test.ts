import { informalGermanIn } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import de from './de.json';

type Tree = { [key: string]: string | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );

/**
 * What a participant or contact reads without an account: the download, contact validation and QR
 * pages, the pages any public link may end on, and the messages those pages can show.
 */
const OUTSIDER_KEYS = [
  'downloadPage.',
  'qrCheck.',
  'contactValidate.',
  'notFound.',
  'routeError.',
  'common.toLanding',
  'common.loading',
  'msg.common.not_found',
  'msg.common.validation',
  'msg.common.bad_json',
  'msg.common.rate_limited',
  'msg.common.unavailable',
  'msg.common.internal',
  'msg.auth.invalid_code',
  'msg.receipt.already_confirmed',
];

describe('German texts for outsiders say Sie', () => {
  const texts = entries(de as Tree).filter(([key]) =>
    OUTSIDER_KEYS.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k)),
  );

  test('every listed key exists', () => {
    for (const k of OUTSIDER_KEYS)
      expect(
        texts.some(([key]) => key.startsWith(k)),
        k,
      ).toBe(true);
  });

  test.each(texts)('%s uses no du, dich, dir or dein', (_key, text) => {
    expect(informalGermanIn(text)).toBeNull();
  });
});
