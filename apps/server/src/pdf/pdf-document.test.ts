import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { PlanListData } from '../modules/prints/plan-list-data.ts';
import { planListDocument } from '../modules/prints/plan-list-document.ts';
import { buildPdf, closePdfRenderer, writePdf, type DocumentSource, type PdfDocument } from './pdf-document.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-document-test-'));
afterAll(async () => {
  await closePdfRenderer();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function pdfText(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
}
function pdfPages(file: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

/** The plan list of a big project: 2,000 plans in 50 folders, three participants in the transmittal. */
function bigPlanList(): PdfDocument {
  const participants = [1, 2, 3].map((i) => ({ id: `p${i}`, name: `Jörg Fachplaner${i}`, company: `Büro ${i}` }));
  const plans: PlanListData['plans'] = Array.from({ length: 2000 }, (_, i) => ({
    id: `d${i}`,
    number: `A-${String(i).padStart(4, '0')}`,
    name: `Grundriss Erdgeschoß Achse ${i}`,
    groupLabel: `LP5 · Ordner ${Math.floor(i / 40)}`,
    index: 'B',
    releaseDate: new Date('2026-11-20T10:00:00Z'),
    files: [{ id: `f${i}`, kind: 'pdf', filename: `A-${i}.pdf`, pdf_width_mm: 841, pdf_height_mm: 594 }],
    shipments: [],
  }));
  return planListDocument({
    frame: {
      locale: 'de',
      letterhead: {
        company: 'Müller Architekten',
        streetName: 'Hauptstraße',
        streetNumber: '1',
        cityCode: '10115',
        cityName: 'Berlin',
        email: 'buero@example.org',
      },
      project: { number: 'P-1', name: 'Neubau Schule' },
      printedAt: new Date('2026-11-22T09:00:00Z'),
      printedBy: 'Anna Architektin',
    },
    folderLabel: null,
    plans,
    participants,
    cell: () => ({ subscribed: true, deliver: 'GREEN', downloaded: 'RED', confirmed: null }),
  });
}

/** Ticks of a 1 ms interval until `file` exists (pdfmake creates it only after layout and drawing). */
function ticksUntilFileExists(file: string, rendering: Promise<unknown>): Promise<number> {
  let settled = false;
  rendering.then(
    () => (settled = true),
    () => (settled = true),
  );
  return new Promise((resolve) => {
    let ticks = 0;
    const timer = setInterval(() => {
      if (settled || fs.existsSync(file)) {
        clearInterval(timer);
        resolve(ticks);
      } else ticks++;
    }, 1);
  });
}

describe('writePdf', () => {
  test('the event loop keeps running while a 2,000-plan list is laid out and drawn', async () => {
    const file = path.join(tmp, 'big.pdf');
    const rendering = writePdf(bigPlanList(), file);
    // In the server's thread the layout would block from the call on: not one tick before the file.
    const ticks = await ticksUntilFileExists(file, rendering);
    expect(ticks).toBeGreaterThan(0);
    const { pageCount } = await rendering;
    expect(pageCount).toBeGreaterThan(20);
    expect(pdfPages(file)).toBe(pageCount);
    const pages = pdfText(file).filter((p) => p.trim());
    expect(pages[0]).toContain('Müller Architekten');
    expect(pages[0]).toContain(`Seite 1 von ${pageCount}`);
    expect(pages.at(-1)).toContain(`Seite ${pageCount} von ${pageCount}`);
    expect(pages.join('\n')).toContain('A-1999');
  });

  test('a broken document rejects, and the next render works', async () => {
    const denied = path.join(tmp, 'denied.pdf');
    // Definitions may read the embedded fonts and nothing else: a local image path is refused.
    const reading = writePdf({ definition: { content: [{ image: '/etc/hostname' }] } }, denied);
    await expect(reading).rejects.toThrow();
    const withFunction = { definition: { content: ['x'], header: () => 'x' } } as PdfDocument;
    await expect(writePdf(withFunction, path.join(tmp, 'fn.pdf'))).rejects.toThrow();

    const file = path.join(tmp, 'after.pdf');
    await expect(writePdf({ definition: { content: ['Grüße'] } }, file)).resolves.toMatchObject({ pageCount: 1 });
    expect(pdfText(file)[0]).toContain('Grüße');
  });

  test('the render thread builds a document from rows; a build that fails rejects, and the next one works', async () => {
    const frame = {
      locale: 'en' as const,
      letterhead: { company: 'Weiß Planung', streetName: '', streetNumber: '', cityCode: '', cityName: '', email: '' },
      project: { number: 'P-7', name: 'Brücke' },
      printedAt: new Date('2026-11-22T09:00:00Z'),
      printedBy: 'Anna Architektin',
    };
    const participant = {
      id: 'p1',
      folder_name: 'Tragwerk',
      first_name: 'Bärbel',
      last_name: 'Groß',
      company: 'Statik Groß',
      email: 'b@example.org',
      needs_pdf: true,
      needs_tec: false,
    };
    const broken = { builder: 'participantList', input: { frame, participants: null } } as unknown as DocumentSource;
    await expect(buildPdf(broken, path.join(tmp, 'broken.pdf'))).rejects.toThrow();

    const file = path.join(tmp, 'built.pdf');
    const input = { frame, participants: [participant], roles: [{ participant_id: 'p1', name: 'Statik' }] };
    const { pageCount, timings } = await buildPdf({ builder: 'participantList', input }, file);
    expect(pageCount).toBe(1);
    expect(timings.startedAt).toBeLessThanOrEqual(timings.builtAt);
    expect(timings.builtAt).toBeLessThanOrEqual(timings.writtenAt);
    const text = pdfText(file)[0];
    for (const expected of [
      'Participant list',
      'P-7 | Brücke',
      'Bärbel Groß',
      'Statik Groß',
      'Statik',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('closing the renderer rejects a running render; a later render starts a new thread', async () => {
    const rendering = writePdf(bigPlanList(), path.join(tmp, 'closed.pdf'));
    const rejected = expect(rendering).rejects.toThrow('PDF renderer closed');
    await closePdfRenderer();
    await rejected;

    const file = path.join(tmp, 'reopened.pdf');
    await expect(writePdf({ definition: { content: ['wieder da'] } }, file)).resolves.toMatchObject({ pageCount: 1 });
    expect(fs.existsSync(file)).toBe(true);
  });
});
