import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { compileText } from './compiled-text';

async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    interpolation: { escapeValue: false },
    resources: {
      de: { translation: { cell: '{{doc}} an {{participant}}: {{format}}', plain: 'Ohne Platzhalter' } },
      en: { translation: { cell: '{{participant}} gets {{doc}} as {{format}}' } },
    },
  });
  return instance.t;
}

describe('compileText', () => {
  it('fills the placeholders as t would, in the order of the language', async () => {
    const de = await translator('de');
    const values = { doc: 'A-101', participant: 'Statik Müller', format: 'PDF' };
    const cell = compileText(de, 'cell', ['doc', 'participant', 'format']);
    expect(cell(values)).toBe(de('cell', values));
    expect(cell(values)).toBe('A-101 an Statik Müller: PDF');
    const en = compileText(await translator('en'), 'cell', ['doc', 'participant', 'format']);
    expect(en(values)).toBe('Statik Müller gets A-101 as PDF');
  });

  it('keeps values as they are, even with braces or the text of another placeholder', async () => {
    const cell = compileText(await translator('de'), 'cell', ['doc', 'participant', 'format']);
    expect(cell({ doc: '{{format}}', participant: 'doc', format: 'TEC' })).toBe('{{format}} an doc: TEC');
  });

  it('answers a text without placeholders as it is', async () => {
    expect(compileText(await translator('de'), 'plain', ['doc'])({ doc: 'x' })).toBe('Ohne Platzhalter');
  });
});
