import type { Content, TableCell } from 'pdfmake/interfaces';
import type { TimelineFilterParams } from '@plankurier/shared';
import type { PdfDocument } from '../../pdf/pdf-types.ts';
import type { TimelineEventRow } from '../timeline/queries.ts';
import { printClock, type PrintClock } from './print-clock.ts';
import { COLORS, listTableLayout, printDocument, th, type PrintFrameData } from './print-layout.ts';
import { printTexts, type PrintTexts } from './print-texts.ts';

/** The timeline print as the queries read it (structured-clonable rows for the render thread). */
export interface TimelineInput {
  frame: PrintFrameData;
  filter: TimelineFilterParams;
  /** The doc events, newest first; absent: the print shows e-mail events only. */
  docEvents?: TimelineEventRow[] | undefined;
  /** The e-mail events, newest first; absent: the print shows doc events only. */
  emailEvents?: TimelineEventRow[] | undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function when(row: TimelineEventRow, clock: PrintClock): string {
  return clock.dateTime(row.created_at);
}

function actorName(row: TimelineEventRow): string {
  const full = `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim();
  return full || row.actor_email || '';
}

function docLabel(row: TimelineEventRow): string {
  const data = row.data;
  const number = row.doc_number ?? (text(data.docNumber) || text(data.number));
  const name = row.doc_name ?? (text(data.docName) || text(data.name));
  const index = row.version_index ?? text(data.index);
  return [number, name, index ? `(${index})` : ''].filter(Boolean).join(' ');
}

function docEventDetails(row: TimelineEventRow, t: PrintTexts): string {
  const data = row.data;
  // A changed recipient address says from what to what.
  const emailChange = text(data.from) && text(data.to) ? t.emailChange(text(data.from), text(data.to)) : '';
  // formats are stored as codes (PDF_ONLY …); the print names them as the web does
  const formats = text(data.formats) && (t.deliveryFormats[text(data.formats)] ?? text(data.formats));
  return [row.file_filename ?? text(data.filename), text(data.participant), formats, emailChange]
    .filter(Boolean)
    .join(' · ');
}

function docEventsTable(rows: TimelineEventRow[], t: PrintTexts, clock: PrintClock): Content {
  const body: TableCell[][] = [[th(t.date), th(t.event), th(t.docs), th(t.details), th(t.user)]];
  for (const row of rows) {
    body.push([
      when(row, clock),
      { text: t.kinds[row.kind] ?? row.kind, bold: true },
      docLabel(row),
      docEventDetails(row, t),
      { text: actorName(row), color: COLORS.muted },
    ]);
  }
  if (rows.length === 0) body.push([{ text: t.empty, colSpan: 5, italics: true, color: COLORS.muted }, '', '', '', '']);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [62, 105, '*', 110, 60], body },
    layout: listTableLayout,
  };
}

function emailEventsTable(rows: TimelineEventRow[], t: PrintTexts, clock: PrintClock): Content {
  const body: TableCell[][] = [[th(t.date), th(t.recipients), th(t.subject), th(t.docs)]];
  for (const row of rows) {
    const data = row.data;
    const recipient = (data.recipient ?? {}) as { name?: unknown; email?: unknown };
    const docs = Array.isArray(data.docs) ? (data.docs as Record<string, unknown>[]) : [];
    const message = text(data.userMessage);
    body.push([
      when(row, clock),
      {
        stack: [
          { text: text(recipient.name), bold: true },
          { text: text(recipient.email), color: COLORS.muted, fontSize: 7.5 },
        ],
      },
      {
        stack: [
          text(data.subject),
          message ? { text: message, color: COLORS.muted, fontSize: 7.5, margin: [0, 2, 0, 0] } : '',
        ],
      },
      {
        stack: docs.map((d) => ({
          text: [
            { text: `${text(d.number)} `, bold: true },
            text(d.name),
            text(d.index) ? ` (${text(d.index)})` : '',
            Array.isArray(d.formats)
              ? { text: ` ${(d.formats as unknown[]).map(String).join(' ').toUpperCase()}`, color: COLORS.muted }
              : '',
          ],
        })),
      },
    ]);
  }
  if (rows.length === 0) body.push([{ text: t.empty, colSpan: 4, italics: true, color: COLORS.muted }, '', '', '']);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [62, 120, '*', 170], body },
    layout: listTableLayout,
  };
}

function filterLabel(filter: TimelineFilterParams, t: PrintTexts): string {
  const parts = [
    filter.participantIds?.length ? `${t.recipients}: ${filter.participantIds.length}` : '',
    filter.docIds?.length ? `${t.docs}: ${filter.docIds.length}` : '',
    filter.phaseIds?.length ? `${t.phases}: ${filter.phaseIds.length}` : '',
  ].filter(Boolean);
  return `${t.filters}: ${parts.length ? parts.join(', ') : t.noFilter}`;
}

/** The timeline PDF with the web's current filters: doc events and e-mail events, newest first. */
export function timelineDocument(input: TimelineInput): PdfDocument {
  const { frame, docEvents, emailEvents } = input;
  const t = printTexts(frame.locale);
  const clock = printClock(frame.locale, frame.timeZone);
  const heading = (label: string, count: number, top = 6): Content => ({
    text: `${label} · ${t.events(count)}`,
    fontSize: 11,
    bold: true,
    margin: [0, top, 0, 6],
  });
  const content: Content[] = [];
  if (docEvents) content.push(heading(t.docEvents, docEvents.length), docEventsTable(docEvents, t, clock));
  if (emailEvents) {
    content.push(
      heading(t.emailEvents, emailEvents.length, docEvents ? 16 : 6),
      emailEventsTable(emailEvents, t, clock),
    );
  }
  const scope = filterLabel(input.filter, t);
  return printDocument({ ...frame, orientation: 'portrait', title: t.timeline, scope }, content);
}
