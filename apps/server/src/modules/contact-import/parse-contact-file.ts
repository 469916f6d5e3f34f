import fs from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { z } from 'zod';
import type { ImportProblem, MsgCode } from '@plankurier/shared';
import { DEFAULT_COLUMNS, headerMapping, type ContactField } from './columns.ts';
import { detectDelimiter, detectEncoding, looksBinary, readSample } from './sniff.ts';

export const MAX_LINE_BYTES = 1024 * 1024;

export interface ParsedContact {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
}

export type ParseResult =
  | {
      ok: true;
      contacts: ParsedContact[];
      problems: ImportProblem[];
      totalLines: number;
      duplicatesInFile: number;
      rejected: number;
    }
  | { ok: false; failure: MsgCode };

const Email = z.email();

const decoding = (encoding: string) => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
};

/**
 * Reads a contact export (Excel, Outlook, a hand-made .txt): encoding, separator and header are
 * detected; every line becomes a contact or a problem with its line number. Streams the file; a
 * binary file, an empty one or a line over 1 MB fails as a whole.
 */
export interface ParseProgress {
  /** Lines of the file, known before parsing starts (a header row included). */
  onStart?: (expectedLines: number) => void;
  onProgress?: (lines: number) => void;
}

export async function parseContactFile(file: string, progress: ParseProgress = {}): Promise<ParseResult> {
  const sample = await readSample(file);
  if (sample.length === 0) return { ok: false, failure: 'import.empty_file' };
  if (looksBinary(sample)) return { ok: false, failure: 'import.binary_file' };
  const { encoding, lineBreaks } = await detectEncoding(file, sample);
  progress.onStart?.(lineBreaks + (sample.at(-1) === 0x0a ? 0 : 1));
  const delimiter = detectDelimiter(new TextDecoder(encoding).decode(sample));

  const parser = fs
    .createReadStream(file, { highWaterMark: 256 * 1024 })
    .pipe(decoding(encoding))
    .pipe(
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        trim: true,
        max_record_size: MAX_LINE_BYTES,
        info: true,
      }),
    );

  const contacts: ParsedContact[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  let columns: (ContactField | null)[] | undefined;
  let totalLines = 0;
  let duplicatesInFile = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        const header = headerMapping(record);
        columns = header ?? DEFAULT_COLUMNS;
        if (header) continue;
      }
      totalLines++;
      if (totalLines % 2000 === 0) progress.onProgress?.(totalLines);
      const value = (field: ContactField) => {
        const i = columns!.indexOf(field);
        return i >= 0 ? (record[i] ?? '').trim() : '';
      };
      const line = info.lines;
      const email = value('email');
      if (!email) {
        problems.push({ line, reason: 'email_missing' });
        continue;
      }
      if (!Email.safeParse(email).success) {
        problems.push({ line, reason: 'email_invalid', value: email.slice(0, 200) });
        continue;
      }
      const key = email.toLowerCase();
      if (seen.has(key)) {
        duplicatesInFile++;
        problems.push({ line, reason: 'duplicate_in_file', value: email });
        continue;
      }
      seen.add(key);
      contacts.push({
        line,
        firstName: value('firstName'),
        lastName: value('lastName'),
        email: key,
        company: value('company'),
        phone: value('phone'),
      });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      return { ok: false, failure: 'import.line_too_long' };
    throw err;
  }
  if (totalLines === 0) return { ok: false, failure: 'import.empty_file' };
  const rejected = problems.length - duplicatesInFile;
  return { ok: true, contacts, problems, totalLines, duplicatesInFile, rejected };
}
