import type { Content, TableCell } from 'pdfmake/interfaces';
import type { PdfDocument } from '../../pdf/pdf-types.ts';
import { DEFAULT_PRINT_TIME_ZONE, printClock, type PrintClock } from './print-clock.ts';
import { COLORS, listTableLayout, printDocument, th } from './print-layout.ts';
import {
  transmittalData,
  type TransmittalData,
  type TransmittalInput,
  type TransmittalLine,
} from './transmittal-data.ts';
import { transmittalTexts, type TransmittalTexts } from './transmittal-texts.ts';

const OUTCOME_COLORS: Record<TransmittalLine['outcome'], string> = {
  delivered: COLORS.green,
  bounced_transient: '#e8590c',
  bounced_permanent: COLORS.red,
  failed: COLORS.red,
  stopped: COLORS.muted,
};

function sentCell(line: TransmittalLine, t: TransmittalTexts, clock: PrintClock): TableCell {
  return {
    stack: [
      line.sentAt ? clock.dateTime(line.sentAt) : { text: t.notSent, italics: true, color: COLORS.muted },
      line.sentBy ? { text: t.by(line.sentBy), fontSize: 7, color: COLORS.muted } : '',
    ],
  };
}

function outcomeCell(line: TransmittalLine, t: TransmittalTexts, clock: PrintClock): TableCell {
  return {
    stack: [
      { text: t.outcomes[line.outcome], color: OUTCOME_COLORS[line.outcome] },
      line.outcomeDetail ? { text: line.outcomeDetail, fontSize: 6.5, color: COLORS.muted } : '',
      line.linkRevokedAt
        ? { text: `${t.linkRevoked} ${clock.dateTime(line.linkRevokedAt)}`, fontSize: 7, color: COLORS.red }
        : '',
    ],
  };
}

function downloadsCell(line: TransmittalLine, t: TransmittalTexts, clock: PrintClock): TableCell {
  if (line.sentAt === null) return { text: '–', color: COLORS.gray };
  if (line.downloads.length === 0) return { text: t.notDownloaded, color: COLORS.red };
  const fetched = new Set(line.downloads.map((d) => d.format));
  const missing = line.formats.filter((f) => !fetched.has(f));
  return {
    stack: [
      ...line.downloads.map((d) => ({
        text: [
          { text: `${d.format} `, bold: true },
          clock.dateTime(d.at),
          d.count > 1 ? { text: ` (${d.count})`, color: COLORS.muted } : '',
          d.superseded ? { text: ` – ${t.superseded}`, color: '#e8590c' } : '',
        ],
      })),
      missing.length > 0 ? { text: `${missing.join(' ')}: ${t.notDownloaded}`, color: COLORS.red, fontSize: 7.5 } : '',
    ],
  };
}

function receiptCell(line: TransmittalLine, t: TransmittalTexts, clock: PrintClock): TableCell {
  const reminded = line.reminders > 0 ? { text: t.reminded(line.reminders), fontSize: 7, color: COLORS.muted } : '';
  if (line.confirmation) {
    const { at, by, remark } = line.confirmation;
    return {
      stack: [
        { text: clock.dateTime(at), color: COLORS.green, bold: true },
        by ? { text: t.by(by), fontSize: 7.5 } : '',
        remark ? { text: t.remarkOf(remark), fontSize: 7, italics: true, color: COLORS.muted } : '',
        reminded,
      ],
    };
  }
  if (line.receiptRequested) return { stack: [{ text: t.waiting, color: '#e8590c' }, reminded] };
  return { text: line.sentAt ? t.notRequested : '–', color: COLORS.gray };
}

const planCell = (line: TransmittalLine): TableCell => ({
  text: [{ text: `${line.doc.number} `, bold: true }, line.doc.name],
});

/** One participant: every plan and index sent to them, oldest first. */
function participantTable(data: TransmittalData, t: TransmittalTexts, clock: PrintClock): Content {
  const body: TableCell[][] = [
    [th(t.sent), th(t.plan), th(t.index), th(t.formats), th(t.outcome), th(t.downloaded), th(t.confirmed)],
  ];
  for (const line of data.lines) {
    body.push([
      sentCell(line, t, clock),
      planCell(line),
      { text: line.index, bold: true, alignment: 'center' },
      line.formats.join(' '),
      outcomeCell(line, t, clock),
      downloadsCell(line, t, clock),
      receiptCell(line, t, clock),
    ]);
  }
  if (data.lines.length === 0) {
    body.push([{ text: t.empty, colSpan: 7, italics: true, color: COLORS.muted }, '', '', '', '', '', '']);
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [70, '*', 30, 62, 108, 130, 110], body },
    layout: listTableLayout,
  };
}

/** One plan: every index, newest first, and who received, downloaded and confirmed it. */
function planTable(data: TransmittalData, t: TransmittalTexts, clock: PrintClock): Content {
  const body: TableCell[][] = [
    [th(t.recipient), th(t.sent), th(t.formats), th(t.outcome), th(t.downloaded), th(t.confirmed)],
  ];
  const byIndex = new Map<string, TransmittalLine[]>();
  for (const line of [...data.lines].reverse()) byIndex.set(line.index, [...(byIndex.get(line.index) ?? []), line]);
  for (const [index, lines] of byIndex) {
    const sent = lines.filter((l) => l.sentAt !== null);
    body.push([
      {
        colSpan: 6,
        fillColor: '#f8fafc',
        margin: [0, 2, 0, 0],
        text: [
          { text: t.indexHeading(index), bold: true, color: COLORS.accent },
          {
            text: `   ${t.summary(
              new Set(sent.map((l) => l.recipientId)).size,
              new Set(sent.filter((l) => l.downloads.length > 0).map((l) => l.recipientId)).size,
              new Set(sent.filter((l) => l.confirmation).map((l) => l.recipientId)).size,
            )}`,
            color: COLORS.muted,
          },
        ],
      },
      '',
      '',
      '',
      '',
      '',
    ]);
    for (const line of lines.reverse()) {
      body.push([
        {
          stack: [
            { text: line.recipient.name, bold: true },
            line.recipient.email !== line.recipient.name
              ? { text: line.recipient.email, fontSize: 7, color: COLORS.muted }
              : '',
          ],
        },
        sentCell(line, t, clock),
        line.formats.join(' '),
        outcomeCell(line, t, clock),
        downloadsCell(line, t, clock),
        receiptCell(line, t, clock),
      ]);
    }
  }
  if (data.lines.length === 0) {
    body.push([{ text: t.empty, colSpan: 6, italics: true, color: COLORS.muted }, '', '', '', '', '']);
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ['*', 70, 62, 108, 135, 115], body },
    layout: listTableLayout,
  };
}

/** The transmittal record PDF: A4 landscape with the office's letterhead, one participant or one plan. */
export function transmittalDocument(data: TransmittalData): PdfDocument {
  const t = transmittalTexts(data.frame.locale);
  const clock = printClock(data.frame.locale, data.frame.timeZone);
  const { subject } = data;
  const scope =
    subject.kind === 'participant'
      ? [t.ofParticipant(subject.name), subject.company !== subject.name ? subject.company : '', subject.email]
          .filter(Boolean)
          .join(' · ')
      : t.ofPlan([subject.number, subject.name].filter(Boolean).join(' '));
  const content: Content[] = [
    subject.kind === 'participant' ? participantTable(data, t, clock) : planTable(data, t, clock),
    {
      text: t.legend.replace('{zone}', data.frame.timeZone ?? DEFAULT_PRINT_TIME_ZONE),
      fontSize: 7,
      color: COLORS.muted,
      margin: [0, 8, 0, 0],
    },
  ];
  return printDocument(
    { ...data.frame, title: t.title, orientation: 'landscape', scope: `${scope} · ${t.lines(data.lines.length)}` },
    content,
  );
}

/** The render thread's builder (pdf/document-builders.ts): the queries' rows in, the document out. */
export const transmittalDocumentOf = (input: TransmittalInput): PdfDocument =>
  transmittalDocument(transmittalData(input));
