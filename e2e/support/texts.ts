import de from '../../apps/web/src/i18n/de.json' with { type: 'json' };
import en from '../../apps/web/src/i18n/en.json' with { type: 'json' };

export type Lang = 'de' | 'en';
const DICTIONARIES: Record<Lang, unknown> = { de, en };

/** The product's own texts, so a journey reads the screen in either language as a user would. */
export function text(lang: Lang, key: string, values: Record<string, string> = {}): string {
  let node: unknown = DICTIONARIES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.org`;
