import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { ImportRefusal } from './refusal.ts';
import type { Delimiter } from './sniff.ts';
import { countLineBreaks } from './text-lines.ts';

export interface CsvRecord {
  /** The line the record starts on: a quoted field with line breaks spans several. */
  line: number;
  cells: string[];
}

/**
 * The records of delimited text with the line each starts on, counted from the raw text of the
 * records themselves (csv-parse counts a CRLF inside quotes as two lines). Records without any
 * value (empty lines, Excel's ";;;;") are left out but their lines counted.
 */
export async function* csvRecords(
  text: Readable,
  delimiter: Delimiter,
  maxRecordChars: number,
): AsyncGenerator<CsvRecord> {
  let linesBefore = 0;
  let endedWithCr = false;
  // Counted as csv-parse reads, so that an error knows the line its record starts on.
  const onRecord = ({ record, raw }: { record: string[]; raw: string }): CsvRecord | null => {
    const line = linesBefore + 1;
    linesBefore += countLineBreaks(raw, endedWithCr);
    endedWithCr = raw.endsWith('\r');
    return record.some((cell) => cell.trim()) ? { line, cells: record } : null;
  };
  const parser = text.pipe(
    parse({
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      max_record_size: maxRecordChars,
      raw: true,
      on_record: onRecord as never,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw new ImportRefusal('import.line_too_long', linesBefore + 1);
    if (code === 'CSV_QUOTE_NOT_CLOSED') throw new ImportRefusal('import.unclosed_quote', linesBefore + 1);
    throw err;
  }
}
