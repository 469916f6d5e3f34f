import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { csvRecords } from './csv-records.ts';

async function records(text: string, max = 1024 * 1024) {
  const out: [number, string[]][] = [];
  for await (const r of csvRecords(Readable.from([text.slice(0, 9), text.slice(9)]), ',', max))
    out.push([r.line, r.cells]);
  return out;
}

describe('records of a delimited file', () => {
  test.each([
    ['LF', '\n'],
    ['CRLF (Windows)', '\r\n'],
    ['CR (old Mac)', '\r'],
  ])('start at the line of their first field, line breaks inside quotes included (%s)', async (_, nl) => {
    const text = ['a,b', '', `"x${nl}y",z`, ',,', `q,"w${nl}${nl}v"`, 'last,1'].join(nl) + nl;
    expect(await records(text)).toEqual([
      [1, ['a', 'b']],
      [3, [`x${nl}y`, 'z']],
      [6, ['q', `w${nl}${nl}v`]],
      [9, ['last', '1']],
    ]);
  });

  test('an unclosed quote and an overlong record refuse the file at the line their record starts', async () => {
    await expect(records('a,b\nc,d\n"e,f\ng,h\n')).rejects.toMatchObject({ msgCode: 'import.unclosed_quote', line: 3 });
    await expect(records(`a,b\nc,${'d'.repeat(200)}\n`, 100)).rejects.toMatchObject({
      msgCode: 'import.line_too_long',
      line: 2,
    });
  });
});
