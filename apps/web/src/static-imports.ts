import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** For tests: what a set of modules pulls in by static imports (imports on demand are not followed). */

export const WEB_SRC = path.dirname(fileURLToPath(import.meta.url));

// `import … from '…'`, `export … from '…'` and `import '…'`; `import type` is dropped at build and skipped.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)'/gm;

function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

/**
 * The source files (absolute paths) and the packages (bare names as imported) reachable from the
 * entries (paths relative to src) by static imports.
 */
export function staticImportsOf(entries: readonly string[]): { sources: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(WEB_SRC, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolveSource(file, specifier);
      if (target) queue.push(target);
    }
  }
  return { sources: [...seen], packages: [...packages] };
}
