import { describe, expect, test } from 'vitest';
import { contentEnding } from './content-isolation.ts';

const ending = (content: string) => contentEnding(Buffer.from(content, 'latin1'));

describe('what page content leaves open at its end', () => {
  test('balanced content leaves nothing', () => {
    expect(ending('q 1 0 0 1 10 10 cm 0 0 5 5 re f Q BT /F1 9 Tf (x) Tj ET')).toEqual({ closing: [], underflow: 0 });
  });

  test('saved states, marked content, a text object and a path are closed innermost first', () => {
    expect(ending('q /OC /oc1 BDC q 0 0 5 5 re W n BT /F1 9 Tf')).toEqual({
      closing: ['ET', 'Q', 'EMC', 'Q'],
      underflow: 0,
    });
    expect(ending('10 10 m 20 20 l')).toEqual({ closing: ['n'], underflow: 0 });
  });

  test('a Q with nothing of its own to restore counts as underflow; a stray EMC is ignored', () => {
    expect(ending('Q Q 2 0 0 2 0 0 cm EMC')).toEqual({ closing: [], underflow: 2 });
  });

  test('a Q closes the last q even across marked content, which stays open', () => {
    expect(ending('q /Artifact BMC Q')).toEqual({ closing: ['EMC'], underflow: 0 });
  });

  test('q and Q inside strings, names, comments and inline image data are not operators', () => {
    const content = [
      'BT /F1 9 Tf (Q \\) q \\(Q) Tj <51> Tj ET',
      '/Q gs % q q q',
      'BI /W 3 /H 1 /CS /G /BPC 8 ID q\nQ EI',
      'q',
    ].join('\n');
    expect(ending(content)).toEqual({ closing: ['Q'], underflow: 0 });
  });
});
