// The plan-file-name reader alone: 1,000 names read and scored (parsePlanFilename with the project's
// 100 plan numbers known), in Node and in Chromium (the reader bundled as the web bundles it).
// Used by bench/plan-set.ts; `BENCH_READER_ONLY=1 npm run bench:plan-set` runs only this part.
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { DEFAULT_NAMING_KEY, KnownNumbers, parsePlanFilename } from '../packages/shared/src/index.ts';
import { READER_TABLE, TABLE_CONTEXT } from '../packages/shared/src/plan-reader.table.ts';
import { median } from './median.ts';

const NAMES = 1000;
const ROUNDS = 7;

/** 1,000 names: the reader's tables, their numbers varied so that no two rounds read the same text. */
export function readerNames(): string[] {
  const table = READER_TABLE.map(([name]) => name);
  return Array.from({ length: NAMES }, (_, i) =>
    table[i % table.length]!.replace(/\d{3}/, String(100 + (i % 900)).padStart(3, '0')),
  );
}

const knownNumbers = () => Array.from({ length: 100 }, (_, i) => `A-${String(i + 1).padStart(3, '0')}`);

/** Median of the rounds, in ms, for the 1,000 names in this Node process. */
export function readerInNode(): number {
  const names = readerNames();
  const context = { ...TABLE_CONTEXT, knownNumbers: new KnownNumbers(knownNumbers()) };
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const name of names) parsePlanFilename(name, DEFAULT_NAMING_KEY, context);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The same in a Chromium page: the shared package bundled by esbuild and run in the page. */
export async function readerInChromium(page: Page): Promise<number> {
  const bundle = await build({
    stdin: {
      contents: `import { DEFAULT_NAMING_KEY, KnownNumbers, parsePlanFilename } from './packages/shared/src/index.ts';
        globalThis.planReader = { DEFAULT_NAMING_KEY, KnownNumbers, parsePlanFilename };`,
      resolveDir: path.resolve(import.meta.dirname, '..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    minify: true,
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const times = await page.evaluate(
    ({ names, numbers, context, rounds }) => {
      const reader = (globalThis as unknown as { planReader: Record<string, unknown> }).planReader as {
        DEFAULT_NAMING_KEY: unknown;
        KnownNumbers: new (numbers: string[]) => unknown;
        parsePlanFilename: (name: string, key: unknown, context: unknown) => unknown;
      };
      const full = { ...context, knownNumbers: new reader.KnownNumbers(numbers) };
      const out: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const start = performance.now();
        for (const name of names) reader.parsePlanFilename(name, reader.DEFAULT_NAMING_KEY, full);
        out.push(performance.now() - start);
      }
      return out;
    },
    { names: readerNames(), numbers: knownNumbers(), context: TABLE_CONTEXT, rounds: ROUNDS },
  );
  return median(times);
}
