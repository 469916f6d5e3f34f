import fs from 'node:fs';
import type { Plugin } from 'vite';
import { pickTextPart, type TextPart } from './src/i18n/text-parts.ts';

const PART_QUERY = /\?texts=(public|app)$/;

/**
 * `import texts from './de.json?texts=public'`: one part of a language file (src/i18n/text-parts.ts)
 * as a module of its own, so the public pages' first JavaScript carries only their texts.
 */
export function textParts(): Plugin {
  return {
    name: 'plankurier-text-parts',
    enforce: 'pre',
    load(id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const file = id.replace(PART_QUERY, '');
      this.addWatchFile(file);
      const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(pickTextPart(texts, match[1] as TextPart))};`;
    },
  };
}
