import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Locale } from '@plankurier/shared';
import type { PrintClock } from './print-clock.ts';
import { printTexts } from './print-texts.ts';

/** The office as the letterhead shows it (the profile's company and address). */
export interface Letterhead {
  company: string;
  streetName: string;
  streetNumber: string;
  cityCode: string;
  cityName: string;
  email: string;
}

export interface PrintFrame {
  locale: Locale;
  orientation: 'portrait' | 'landscape';
  letterhead: Letterhead;
  project: { number: string; name: string };
  title: string;
  /** What the print covers (a folder, a participant, the filters), under the title. */
  scope: string;
  printedAt: Date;
  clock: PrintClock;
}

export const COLORS = {
  text: '#1f2933',
  muted: '#6b7280',
  line: '#d1d5db',
  headerFill: '#eef2f7',
  accent: '#1c64b8',
  green: '#2f9e44',
  red: '#e03131',
  gray: '#adb5bd',
} as const;

const MARGIN_X = 40;

/** Thin horizontal rules, a tinted header row, no vertical lines: a calm, readable table. */
export const listTableLayout: CustomTableLayout = {
  hLineWidth: (i, node) =>
    i === 0 || i === node.table.body.length ? 0.6 : i === (node.table.headerRows ?? 0) ? 0.8 : 0.3,
  vLineWidth: () => 0,
  hLineColor: (i, node) => (i === (node.table.headerRows ?? 0) ? COLORS.muted : COLORS.line),
  fillColor: (rowIndex, node) => (rowIndex < (node.table.headerRows ?? 0) ? COLORS.headerFill : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A header cell: small, medium weight, muted; repeated on every page by headerRows. */
export const th = (text: string, extra: Record<string, unknown> = {}) => ({
  text,
  bold: true,
  fontSize: 7.5,
  color: COLORS.muted,
  ...extra,
});

function letterheadBlock(letterhead: Letterhead): Content {
  const street = [letterhead.streetName, letterhead.streetNumber].filter(Boolean).join(' ');
  const city = [letterhead.cityCode, letterhead.cityName].filter(Boolean).join(' ');
  const address = [street, city, letterhead.email].filter(Boolean).join('  ·  ');
  return {
    margin: [MARGIN_X, 22, MARGIN_X, 0],
    columns: [
      { text: letterhead.company || letterhead.email, bold: true, fontSize: 11, color: COLORS.accent, width: '*' },
      { text: address, fontSize: 7.5, color: COLORS.muted, alignment: 'right', width: 'auto', margin: [0, 3, 0, 0] },
    ],
  };
}

/** The title block on page 1: print title, project number and name, scope and print date. */
function titleBlock(frame: PrintFrame): Content {
  const t = printTexts(frame.locale);
  const projectLine = [frame.project.number, frame.project.name].filter(Boolean).join(' | ');
  return {
    margin: [0, 0, 0, 12],
    stack: [
      {
        columns: [
          { text: frame.title, fontSize: 18, bold: true, width: '*' },
          {
            width: 'auto',
            alignment: 'right',
            fontSize: 8,
            color: COLORS.muted,
            margin: [0, 6, 0, 0],
            text: `${t.printedOn}: ${frame.clock.date(frame.printedAt)}`,
          },
        ],
      },
      { text: `${t.project} ${projectLine}`, fontSize: 11, margin: [0, 3, 0, 0] },
      { text: frame.scope, fontSize: 8.5, color: COLORS.muted, margin: [0, 2, 0, 0] },
    ],
  };
}

/**
 * A4 with the office letterhead on every page, the title block on the first, and a footer with
 * project, title and 'Seite x von y'. onPageCount learns the page count once layout is done.
 */
export function printDocument(
  frame: PrintFrame,
  content: Content[],
  onPageCount?: (pageCount: number) => void,
): TDocumentDefinitions {
  const t = printTexts(frame.locale);
  const projectLine = [frame.project.number, frame.project.name].filter(Boolean).join(' | ');
  let announced = false;
  return {
    pageSize: 'A4',
    pageOrientation: frame.orientation,
    pageMargins: [MARGIN_X, 58, MARGIN_X, 44],
    info: { title: `${frame.title} – ${projectLine}`, author: frame.letterhead.company, creator: 'Plankurier' },
    defaultStyle: { fontSize: 8.5, color: COLORS.text, lineHeight: 1.15 },
    header: () => letterheadBlock(frame.letterhead),
    footer: (currentPage, pageCount) => {
      if (!announced) {
        announced = true;
        onPageCount?.(pageCount);
      }
      return {
        margin: [MARGIN_X, 14, MARGIN_X, 0],
        fontSize: 7.5,
        color: COLORS.muted,
        columns: [
          { text: `${frame.title} · ${projectLine} · ${frame.clock.date(frame.printedAt)}`, width: '*' },
          { text: t.page(currentPage, pageCount), alignment: 'right', width: 'auto' },
        ],
      };
    },
    content: [titleBlock(frame), ...content],
  };
}
