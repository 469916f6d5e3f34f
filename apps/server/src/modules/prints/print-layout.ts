import type { Content } from 'pdfmake/interfaces';
import type { Locale } from '@plankurier/shared';
import type { PdfDocument } from '../../pdf/pdf-document.ts';
import { TABLE_LAYOUT } from '../../pdf/table-layouts.ts';
import { printClock, type PrintClock } from './print-clock.ts';
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

/** What every print shows around its content, as plain data: it travels to the render thread with the rows. */
export interface PrintFrameData {
  locale: Locale;
  /** IANA zone of the dates printed; Europe/Berlin when absent. */
  timeZone?: string | undefined;
  letterhead: Letterhead;
  project: { number: string; name: string };
  printedAt: Date;
  /** The person who printed, as the office knows them (empty when their account is gone). */
  printedBy: string;
}

export interface PrintFrame extends PrintFrameData {
  orientation: 'portrait' | 'landscape';
  title: string;
  /** What the print covers (a folder, a participant, the filters), under the title. */
  scope: string;
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

/** The list tables' layout, by name: the render thread holds its functions (pdf/table-layouts.ts). */
export const listTableLayout = TABLE_LAYOUT.list;

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
function titleBlock(frame: PrintFrame, clock: PrintClock): Content {
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
            text: [`${t.printedOn}: ${clock.date(frame.printedAt)}`, frame.printedBy && t.printedBy(frame.printedBy)]
              .filter(Boolean)
              .join(' · '),
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
 * project, title and 'Seite x von y' (data the render thread fills in per page).
 */
export function printDocument(frame: PrintFrame, content: Content[]): PdfDocument {
  const t = printTexts(frame.locale);
  const clock = printClock(frame.locale, frame.timeZone);
  const projectLine = [frame.project.number, frame.project.name].filter(Boolean).join(' | ');
  return {
    definition: {
      pageSize: 'A4',
      pageOrientation: frame.orientation,
      pageMargins: [MARGIN_X, 58, MARGIN_X, 44],
      info: { title: `${frame.title} – ${projectLine}`, author: frame.letterhead.company, creator: 'Plankurier' },
      defaultStyle: { fontSize: 8.5, color: COLORS.text, lineHeight: 1.15 },
      header: letterheadBlock(frame.letterhead),
      content: [titleBlock(frame, clock), ...content],
    },
    pageFooter: {
      text: `${frame.title} · ${projectLine} · ${clock.date(frame.printedAt)}`,
      pageLabel: t.page,
      margin: [MARGIN_X, 14, MARGIN_X, 0],
      fontSize: 7.5,
      color: COLORS.muted,
    },
  };
}
