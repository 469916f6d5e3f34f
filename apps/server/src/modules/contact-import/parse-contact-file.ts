import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { contactDisplayName, isEmailAddress, type ImportDetails, type ImportProblem } from '@plankurier/shared';
import { columnRole, findLayout, isHeaderRow } from './columns.ts';
import {
  contactFromRow,
  contactFromText,
  emailFromCells,
  type ImportedContact,
  type RowResult,
} from './contact-row.ts';
import { csvRecords, type CsvRecord } from './csv-records.ts';
import { decodingStream, detectEncoding, sampleEncoding, type EncodingEvidence } from './encoding.ts';
import { splitFullName } from './names.ts';
import { ImportRefusal } from './refusal.ts';
import { detectFormat, looksBinary, readSample, type Delimiter } from './sniff.ts';
import { textLines, type TextLine } from './text-lines.ts';
import { vcards, type VCard } from './vcard.ts';

export const MAX_LINE_BYTES = 1024 * 1024;
/** Rows read ahead to find the header and, when its name is unknown, the e-mail column. */
const SAMPLE_ROWS = 200;

export type ContactEntry = { line: number; contact: ImportedContact } | { line: number; problem: ImportProblem };

export interface ContactFileReading {
  details: ImportDetails;
  /** Lines up to and including the header (and a preamble before it): progress counts the lines after them. */
  linesBeforeData: number;
  /** Lines of the file after the header: the progress bar's 100 %. */
  expectedLines: number;
  /** Every contact line of the file, in order: a contact or the reason it is none. */
  entries: AsyncGenerator<ContactEntry>;
  /** Closes the file when the entries are not read to the end. */
  close: () => void;
}

interface Row {
  line: number;
  result: RowResult;
}

/** The first rows of a source, and an iterator that goes on after them. */
async function readAhead<T>(source: AsyncIterator<T>, count: number, keep: (item: T) => boolean = () => true) {
  const head: T[] = [];
  while (head.length < count) {
    const next = await source.next();
    if (next.done) break;
    if (keep(next.value)) head.push(next.value);
  }
  return head;
}

async function* rest<T>(source: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
}

/** The rows of the read-ahead, then the rest of the file, each through `toRow`. */
async function* rowsOf<T>(head: T[], source: AsyncIterator<T>, toRow: (item: T) => Row | null): AsyncGenerator<Row> {
  for (const item of head) {
    const row = toRow(item);
    if (row) yield row;
  }
  for await (const item of rest(source)) {
    const row = toRow(item);
    if (row) yield row;
  }
}

/** Rows to entries: a second line with an address already read is a duplicate; problems carry the name. */
async function* entriesOf(rows: AsyncIterable<Row>): AsyncGenerator<ContactEntry> {
  const seen = new Set<string>();
  for await (const { line, result } of rows) {
    const fields = 'contact' in result ? result.contact : result.fields;
    const name = contactDisplayName({ ...fields, email: '' });
    const named = name ? { name: name.slice(0, 200) } : {};
    if ('problem' in result) {
      yield { line, problem: { line, ...result.problem, ...named } };
    } else if (seen.has(result.contact.email)) {
      yield { line, problem: { line, reason: 'duplicate_in_file', value: result.contact.email, ...named } };
    } else {
      seen.add(result.contact.email);
      yield { line, contact: result.contact };
    }
  }
}

type Reading = Pick<ContactFileReading, 'linesBeforeData'> & {
  details: Pick<ImportDetails, 'format' | 'delimiter' | 'headerLine' | 'columns'>;
  rows: AsyncIterable<Row>;
};

const SEP_LINE = (record: CsvRecord) => record.cells.length <= 2 && /^sep=$/i.test(record.cells[0] ?? '');

async function readDelimited(text: Readable, delimiter: Delimiter): Promise<Reading> {
  const records = csvRecords(text, delimiter, MAX_LINE_BYTES);
  const head = await readAhead(records, SAMPLE_ROWS, (record) => !SEP_LINE(record));
  // Nothing but a header row (with or without an e-mail column) holds no contact.
  if (!head.length || (head.length === 1 && isHeaderRow(head[0]!.cells))) throw new ImportRefusal('import.empty_file');
  const layout = findLayout(head.map((record) => record.cells));
  const headerLine = layout.headerRow === null ? null : head[layout.headerRow]!.line;
  const data = head.slice((layout.headerRow ?? -1) + 1);
  // The header is within the first rows read ahead: none after it means none in the file.
  if (!data.length) throw new ImportRefusal('import.empty_file');
  return {
    details: { format: 'csv', delimiter, headerLine, columns: layout.columns },
    linesBeforeData: headerLine ?? 0,
    rows: rowsOf(data, records, ({ line, cells }) => ({ line, result: contactFromRow(cells, layout) })),
  };
}

/** "Vorname Nachname E-Mail" above a plain list: header words only, no address. */
const isTextHeader = (text: string) => {
  const words = text.trim().split(/\s+/);
  return !text.includes('@') && words.length >= 2 && words.filter((w) => columnRole(w)).length >= 2;
};

async function readPlainList(text: Readable): Promise<Reading> {
  const lines = textLines(text, MAX_LINE_BYTES);
  const head = await readAhead(lines, SAMPLE_ROWS, (line) => Boolean(line.text.trim()));
  const header = head.length && isTextHeader(head[0]!.text) ? head[0]! : null;
  if (head.length === (header ? 1 : 0)) throw new ImportRefusal('import.empty_file');
  if (!head.some((line) => line.text.split(/[\s;<>]+/).some((word) => isEmailAddress(word))))
    throw new ImportRefusal('import.email_column_missing');
  const toRow = ({ line, text: lineText }: TextLine) =>
    lineText.trim() ? { line, result: contactFromText(lineText) } : null;
  return {
    details: { format: 'text', delimiter: null, headerLine: header?.line ?? null, columns: [] },
    linesBeforeData: header?.line ?? 0,
    rows: rowsOf(header ? head.slice(1) : head, lines, toRow),
  };
}

function cardRow(card: VCard): Row {
  const names = card.firstName || card.lastName || card.isCompany ? card : splitFullName(card.fullName);
  const fields = {
    firstName: names.firstName,
    lastName: names.lastName,
    company: card.company,
    phone: card.phone,
    locale: card.locale,
  };
  const email = emailFromCells(card.emails, {
    email: card.emails.map((_, i) => i),
    emailType: new Map(),
    emailDisplay: [],
  });
  return {
    line: card.line,
    result: 'email' in email ? { contact: { ...fields, email: email.email } } : { fields, problem: email },
  };
}

async function readVCards(text: Readable): Promise<Reading> {
  const cards = vcards(textLines(text, MAX_LINE_BYTES, 'truncate'));
  async function* rows() {
    for await (const card of cards) yield cardRow(card);
  }
  return {
    details: { format: 'vcard', delimiter: null, headerLine: null, columns: [] },
    linesBeforeData: 0,
    rows: rows(),
  };
}

/**
 * Opens a contact export (Excel, Outlook, Google, Thunderbird, LinkedIn, Apple's vCards, a plain
 * list): decides the encoding from the whole file (or, only to look at its first lines, from its
 * first 64 KB), then the format, separator and columns from its beginning, and streams its contact
 * lines. Refuses (ImportRefusal) an empty or binary file, one of a header row alone and one without
 * e-mail addresses; a line over 1 MB or an unclosed quote refuses it while reading.
 */
export async function readContactFile(
  file: string,
  encodingFrom: 'whole-file' | 'sample' = 'whole-file',
): Promise<ContactFileReading> {
  const sample = await readSample(file);
  if (sample.length === 0) throw new ImportRefusal('import.empty_file');
  if (looksBinary(sample)) throw new ImportRefusal('import.binary_file');
  const evidence: EncodingEvidence =
    encodingFrom === 'sample' ? sampleEncoding(sample) : await detectEncoding(file, sample);
  const format = detectFormat(new TextDecoder(evidence.encoding).decode(sample));
  const text = fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(decodingStream(evidence));
  let reading: Reading;
  try {
    reading =
      format.format === 'vcard'
        ? await readVCards(text)
        : format.format === 'csv'
          ? await readDelimited(text, format.delimiter)
          : await readPlainList(text);
  } catch (err) {
    text.destroy();
    if (err instanceof ImportRefusal) {
      err.details = {
        format: format.format,
        encoding: evidence.encoding,
        delimiter: format.format === 'csv' ? format.delimiter : null,
        headerLine: null,
        columns: [],
        otherEncoding: evidence.otherEncoding,
        failureLine: err.line,
      };
    }
    throw err;
  }
  return {
    details: {
      ...reading.details,
      encoding: evidence.encoding,
      otherEncoding: evidence.otherEncoding,
      failureLine: null,
    },
    linesBeforeData: reading.linesBeforeData,
    expectedLines: Math.max(0, evidence.lines - reading.linesBeforeData),
    entries: entriesOf(reading.rows),
    close: () => void text.destroy(),
  };
}

/**
 * Whether the file holds no contact line at all (nothing, a byte order mark, blank lines, a header
 * row alone), decided from its beginning: it is read only until its first contact line (with the
 * rows the header search reads ahead), never as a whole, so the upload can be refused at once.
 * Anything else the import would refuse is left to the import, which reports it with its details.
 */
export async function hasNoContactLines(file: string): Promise<boolean> {
  let reading: ContactFileReading;
  try {
    reading = await readContactFile(file, 'sample');
  } catch (err) {
    if (err instanceof ImportRefusal) return err.msgCode === 'import.empty_file';
    throw err;
  }
  try {
    return (await reading.entries.next()).done === true;
  } catch (err) {
    // A line over 1 MB or an unclosed quote in the first rows: the import says which.
    if (err instanceof ImportRefusal) return false;
    throw err;
  } finally {
    reading.close();
  }
}
