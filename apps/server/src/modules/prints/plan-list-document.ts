import type { CanvasElement, Column, Content, ContentColumns, ContentText, TableCell } from 'pdfmake/interfaces';
import { formatCalendarDay, orderedFormats, pageFormat, type Locale } from '@plankurier/shared';
import type { PdfDocument } from '../../pdf/pdf-types.ts';
import { printClock } from './print-clock.ts';
import { COLORS, listTableLayout, printDocument, th } from './print-layout.ts';
import {
  planListData,
  type PlanListData,
  type PlanListInput,
  type PlanRow,
  type ShipmentLine,
  type TransmittalCell,
} from './plan-list-data.ts';
import { printTexts, type PrintTexts } from './print-texts.ts';

type PlanFile = PlanRow['files'][number];

/** Up to this many participants the transmittal sits in the plan table; more get their own tables. */
const INLINE_PARTICIPANTS = 6;
/** Participant columns per transmittal table on a landscape page. */
const PARTICIPANTS_PER_TABLE = 14;

function sizeOf(file: PlanFile | undefined): string {
  if (!file || file.pdf_width_mm === null || file.pdf_height_mm === null) return '';
  return (
    pageFormat(file.pdf_width_mm, file.pdf_height_mm) ??
    `${Math.round(file.pdf_width_mm)}×${Math.round(file.pdf_height_mm)}`
  );
}

const DOT_COLORS = { GREEN: COLORS.green, RED: COLORS.red, GRAY: COLORS.gray } as const;

/** Cells are many (plans × participants): one text run where there is no ring keeps layout quick. */
function transmittalCell(state: TransmittalCell): ContentText | ContentColumns {
  if (!state.subscribed && state.downloaded === null) return { text: '–', color: COLORS.gray };
  const dot = DOT_COLORS[state.deliver];
  if (!state.downloaded) return { text: '●', color: dot };
  const marks = {
    text: [
      { text: '●', color: dot },
      { text: ' ○', color: DOT_COLORS[state.downloaded] },
    ],
  };
  if (!state.confirmed) return marks;
  // The confirmation ring: a double ring drawn beside the marks (Roboto has no ◎), centred by empty columns.
  const columns: Column[] = [
    { width: '*', text: '' },
    { width: 'auto', ...marks },
    { width: 9, canvas: confirmationRing(DOT_COLORS[state.confirmed]), margin: [1.5, 0, 0, 0] },
    { width: '*', text: '' },
  ];
  return { columns, columnGap: 0 };
}

function confirmationRing(color: string): CanvasElement[] {
  const ring = (r: number) => ({
    type: 'ellipse' as const,
    x: 4,
    y: 5.6,
    r1: r,
    r2: r,
    lineColor: color,
    lineWidth: 0.7,
  });
  return [ring(2.9), ring(1.2)];
}

function participantHeader(p: { name: string; company: string }): TableCell {
  return {
    stack: [
      { text: p.name, bold: true, fontSize: 6.5, color: COLORS.muted },
      p.company && p.company !== p.name ? { text: p.company, fontSize: 6, color: COLORS.muted } : '',
    ],
    alignment: 'center',
  };
}

function shipmentText(s: ShipmentLine, t: PrintTexts, locale: Locale): string {
  const courier = [s.courier, s.trackingId].filter(Boolean).join(' ');
  return `${t.shipment}: ${formatCalendarDay(s.date, locale)} · ${s.quantity}× ${s.participant}${courier ? ` · ${courier}` : ''} (${t.index} ${s.index})`;
}

function nameCell(plan: PlanRow, t: PrintTexts, locale: Locale): TableCell {
  const addOns = plan.files.filter((f) => f.kind === 'addon');
  return {
    stack: [
      { text: plan.name, bold: true },
      ...(plan.index === null ? [{ text: t.noCurrentVersion, italics: true, color: COLORS.muted, fontSize: 7.5 }] : []),
      ...addOns.map((f) => ({
        text: [
          { text: `${t.addOn}: `, color: COLORS.muted },
          f.filename,
          sizeOf(f) ? { text: ` (${sizeOf(f)})`, color: COLORS.muted } : '',
        ],
        fontSize: 7.5,
      })),
      ...plan.shipments.map((s) => ({ text: shipmentText(s, t, locale), fontSize: 7.5, color: COLORS.muted })),
    ],
  };
}

/** PDF, DWG, DXF and a data doc's other formats (DOCX, XLSX); add-ons are listed under the name. */
function formatsOf(plan: PlanRow): string {
  return orderedFormats(plan.files.filter((f) => f.kind !== 'addon'))
    .map((format) => format.toUpperCase())
    .join(' ');
}

/** The plan table: one row per doc under a row per phase and folder, the header repeated on every page. */
function planTable(data: PlanListData, t: PrintTexts, inline: PlanListData['participants']): Content {
  const clock = printClock(data.frame.locale, data.frame.timeZone);
  const columns = 6 + inline.length;
  const header: TableCell[] = [
    th(t.number),
    th(t.name),
    th(t.index),
    th(t.releaseDate),
    th(t.formats),
    th(t.pageSize),
    ...inline.map(participantHeader),
  ];
  const body: TableCell[][] = [header];
  let group: string | null = null;
  for (const plan of data.plans) {
    if (plan.groupLabel !== group) {
      group = plan.groupLabel;
      body.push([
        { text: group, colSpan: columns, bold: true, color: COLORS.accent, fillColor: '#f8fafc', margin: [0, 2, 0, 0] },
        ...Array.from({ length: columns - 1 }, () => ''),
      ]);
    }
    const main = plan.files.find((f) => f.kind === 'pdf');
    body.push([
      { text: plan.number, bold: true },
      nameCell(plan, t, data.frame.locale),
      { text: plan.index ?? '–', alignment: 'center', bold: true },
      plan.releaseDate ? clock.date(plan.releaseDate) : '',
      formatsOf(plan),
      sizeOf(main),
      ...inline.map((p) => ({ ...transmittalCell(data.cell(plan.id, p.id)), alignment: 'center' as const })),
    ]);
  }
  if (data.plans.length === 0) {
    body.push([
      { text: t.empty, colSpan: columns, italics: true, color: COLORS.muted },
      ...Array.from({ length: columns - 1 }, () => ''),
    ]);
  }
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [70, '*', 30, 48, 52, 34, ...inline.map(() => 64)],
      body,
    },
    layout: listTableLayout,
  };
}

/** Many participants: the transmittal as its own tables, 14 participants side by side each. */
function transmittalTables(data: PlanListData, t: PrintTexts): Content[] {
  const out: Content[] = [];
  for (let start = 0; start < data.participants.length; start += PARTICIPANTS_PER_TABLE) {
    const chunk = data.participants.slice(start, start + PARTICIPANTS_PER_TABLE);
    const body: TableCell[][] = [[th(t.number, { alignment: 'left' }), th(t.index), ...chunk.map(participantHeader)]];
    for (const plan of data.plans) {
      body.push([
        { text: plan.number, bold: true, alignment: 'left', fontSize: 8.5 },
        { text: plan.index ?? '–', fontSize: 8.5 },
        ...chunk.map((p) => transmittalCell(data.cell(plan.id, p.id))),
      ]);
    }
    out.push({
      pageBreak: 'before',
      stack: [
        {
          text: `${t.transmittal} (${start + 1}–${start + chunk.length} / ${data.participants.length})`,
          fontSize: 12,
          bold: true,
          margin: [0, 0, 0, 6],
        },
        {
          // Rows of one line: no need for pdfmake's costly unbreakable-row handling.
          table: { headerRows: 1, widths: [70, 30, ...chunk.map(() => '*')], body },
          // Inherited by the many dot cells instead of set on each: fewer style lookups in layout.
          alignment: 'center',
          fontSize: 9,
          layout: listTableLayout,
        },
      ],
    });
  }
  return out;
}

/** The plan list of joined data: A4 landscape, the plan table, then the transmittal if it does not fit beside. */
export function planListDocument(data: PlanListData): PdfDocument {
  const t = printTexts(data.frame.locale);
  const inline = data.participants.length <= INLINE_PARTICIPANTS ? data.participants : [];
  const content: Content[] = [planTable(data, t, inline)];
  if (inline.length === 0 && data.participants.length > 0) content.push(...transmittalTables(data, t));
  if (data.participants.length > 0) {
    content.push({ text: t.transmittalLegend, fontSize: 7, color: COLORS.muted, margin: [0, 8, 0, 0] });
  }
  const scope = `${data.folderLabel ?? t.wholeProject} · ${t.plans(data.plans.length)}`;
  return printDocument({ ...data.frame, title: t.planList, orientation: 'landscape', scope }, content);
}

/** The render thread's builder (pdf/document-builders.ts): the queries' rows in, the document out. */
export const planListDocumentOf = (input: PlanListInput): PdfDocument => planListDocument(planListData(input));
