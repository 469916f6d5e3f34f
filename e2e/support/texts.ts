import de from '../../apps/web/src/i18n/de.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/en.json' with { type: 'json' };

export type Lang = 'de' | 'en';
const DICTIONARIES: Record<Lang, unknown> = { de, en };

const lookup = (lang: Lang, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], DICTIONARIES[lang]);

/**
 * The product's own texts, so a journey reads the screen in either language as a user would. As
 * i18next does: with a count the plural form (`key_one`, `key_other`), then the values, then the
 * texts nested with `$t(key, {"count": n })`.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const plural = count === undefined ? undefined : `${key}_${new Intl.PluralRules(lang).select(Number(count))}`;
  const node = (plural === undefined ? undefined : lookup(lang, plural)) ?? lookup(lang, key);
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return node
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''))
    .replace(/\$t\(([\w.]+), \{"count": (\d+) \}\)/g, (_m, nested: string, n: string) =>
      text(lang, nested, { count: Number(n) }),
    );
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.org`;
