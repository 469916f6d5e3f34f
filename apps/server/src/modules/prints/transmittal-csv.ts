import { csvCell } from '../archives/archive-csv.ts';
import { DEFAULT_PRINT_TIME_ZONE } from './print-clock.ts';
import type { TransmittalData } from './transmittal-data.ts';
import { transmittalTexts } from './transmittal-texts.ts';

/** '2026-11-12 14:03:05' in the zone: sorts as text and reads the same in every spreadsheet. */
function sortableTime(date: Date | null, timeZone: string): string {
  if (!date) return '';
  return date.toLocaleString('sv-SE', { timeZone, hour12: false }).replace('T', ' ');
}

/**
 * The transmittal record for spreadsheets: one line per plan of each mail, UTF-8 with BOM,
 * semicolons, CRLF, every cell quoted and formula-like ones made text (csvCell); times in the
 * print's zone, to the second.
 */
export function transmittalCsv(data: TransmittalData): string {
  const t = transmittalTexts(data.frame.locale);
  const zone = data.frame.timeZone ?? DEFAULT_PRINT_TIME_ZONE;
  const time = (date: Date | null) => sortableTime(date, zone);
  const header = [
    t.project,
    t.planNumber,
    t.planName,
    t.index,
    t.formats,
    t.recipient,
    t.email,
    t.sent,
    t.sentBy,
    t.outcome,
    t.linkRevoked,
    t.downloaded,
    t.receiptRequested,
    t.confirmedAt,
    t.confirmedBy,
    t.remark,
    t.reminders,
  ];
  const project = [data.frame.project.number, data.frame.project.name].filter(Boolean).join(' ');
  const rows = data.lines.map((line) => [
    project,
    line.doc.number,
    line.doc.name,
    line.index,
    line.formats.join(' '),
    line.recipient.name,
    line.recipient.email,
    time(line.sentAt),
    line.sentBy,
    [t.outcomes[line.outcome], line.outcomeDetail].filter(Boolean).join(': '),
    time(line.linkRevokedAt),
    line.downloads
      .map(
        (d) =>
          `${d.format} ${time(d.at)}${d.count > 1 ? ` (${d.count})` : ''}${d.superseded ? ` – ${t.superseded}` : ''}`,
      )
      .join(', '),
    line.receiptRequested ? t.yes : t.no,
    time(line.confirmation?.at ?? null),
    line.confirmation?.by ?? '',
    line.confirmation?.remark ?? '',
    String(line.reminders),
  ]);
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
