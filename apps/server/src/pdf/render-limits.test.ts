import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { RenderOverLimit, closePdfRenderer, configurePdfRenderer, writePdf } from './pdf-document.ts';

/**
 * Issue 36: the pdfmake render thread had no bounds. Its heap is capped (resourceLimits) and each
 * render has a time limit: past either the thread is ended, that render fails with RenderOverLimit
 * (the print fails, the server goes on) and the next render gets a fresh thread.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'render-limits-'));
const normal = { timeLimitMs: 300_000, memoryMb: 1024 };
afterEach(async () => {
  await closePdfRenderer();
  configurePdfRenderer(normal);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A table of `rows` rows: pdfmake lays out every cell, seconds and hundreds of megabytes for many. */
const longTable = (rows: number) => ({
  definition: {
    content: [
      {
        table: {
          body: Array.from({ length: rows }, (_, i) => [
            `A-${i}`,
            `Grundriss Erdgeschoss Achse ${i}`,
            'B',
            '2026-11-20',
          ]),
        },
      },
    ],
  },
});
const small = { definition: { content: ['Planliste'] } };

test('a render past its time limit fails with RenderOverLimit; one waiting behind it is rendered by a new thread', async () => {
  configurePdfRenderer({ timeLimitMs: 50, memoryMb: 1024 });
  const long = writePdf(longTable(20_000), path.join(tmp, 'long.pdf'));
  const behind = writePdf(small, path.join(tmp, 'behind.pdf'));
  await expect(long).rejects.toBeInstanceOf(RenderOverLimit);
  // Read when the new thread begins it (after loading pdfmake): room for the small one.
  configurePdfRenderer(normal);
  await expect(behind).resolves.toMatchObject({ pageCount: 1 });
  expect(fs.existsSync(path.join(tmp, 'behind.pdf'))).toBe(true);
});

test('a render past the thread heap fails with RenderOverLimit; the next render works', async () => {
  configurePdfRenderer({ timeLimitMs: 300_000, memoryMb: 32 });
  await expect(writePdf(longTable(20_000), path.join(tmp, 'heavy.pdf'))).rejects.toBeInstanceOf(RenderOverLimit);
  await closePdfRenderer();
  configurePdfRenderer(normal);
  await expect(writePdf(small, path.join(tmp, 'after.pdf'))).resolves.toMatchObject({ pageCount: 1 });
});
