import { describe, expect, test } from 'vitest';
import { textLines } from './text-lines.ts';
import { parseProperty, vcards, type VCard } from './vcard.ts';

async function cardsOf(text: string): Promise<VCard[]> {
  const cards: VCard[] = [];
  for await (const card of vcards(textLines([text.slice(0, 40), text.slice(40)], 1024 * 1024, 'truncate')))
    cards.push(card);
  return cards;
}

describe('vCard properties', () => {
  test('vCard 2.1 writes bare parameters, 3.0 TYPE lists, 4.0 quoted values and PREF', () => {
    expect(parseProperty('EMAIL;PREF;INTERNET:a@b.de')).toMatchObject({
      name: 'EMAIL',
      params: { types: ['PREF', 'INTERNET'], pref: 1 },
      value: 'a@b.de',
    });
    expect(parseProperty('item1.EMAIL;type=INTERNET;type=pref:a@b.de')).toMatchObject({
      name: 'EMAIL',
      params: { types: ['INTERNET', 'PREF'], pref: 1 },
    });
    expect(parseProperty('TEL;VALUE=uri;TYPE="work,voice";PREF=2:tel:+49-711-1')).toMatchObject({
      name: 'TEL',
      params: { types: ['WORK', 'VOICE'], pref: 2 },
      value: 'tel:+49-711-1',
    });
    expect(parseProperty('N;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=F6rg')).toMatchObject({
      params: { encoding: 'QUOTED-PRINTABLE', charset: 'WINDOWS-1252' },
    });
  });
});

describe('reading vCard files', () => {
  test('several cards per file, each at the line of its BEGIN', async () => {
    const cards = await cardsOf(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Berg;Anna;;;\r\nEMAIL:anna@berg.de\r\nEND:VCARD\r\n\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ben Tal\r\nEMAIL:ben@tal.de\r\nEND:VCARD\r\n',
    );
    expect(cards.map((c) => [c.line, c.firstName, c.lastName, c.fullName, c.emails])).toEqual([
      [1, 'Anna', 'Berg', '', ['anna@berg.de']],
      [7, '', '', 'Ben Tal', ['ben@tal.de']],
    ]);
  });

  test('folded lines are joined and escaped commas and semicolons read as text', async () => {
    const [card] = await cardsOf(
      'BEGIN:VCARD\nVERSION:3.0\nN:Bauer;There\n sa;;;\nORG:Bauer\\, Klein \\; Partner;Tragwerk\nEMAIL;TYPE=INTERNET:t.bauer@bauer-\n\tklein.de\nEND:VCARD\n',
    );
    expect(card).toMatchObject({
      firstName: 'Theresa',
      company: 'Bauer, Klein ; Partner',
      emails: ['t.bauer@bauer-klein.de'],
    });
  });

  test('quoted-printable values with their charset and soft line breaks (Outlook, vCard 2.1)', async () => {
    const [card] = await cardsOf(
      [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=F6rg',
        'ORG;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Gr=C3=B6=C3=9Fl Bau & Tragwerk=',
        'splanung',
        'NOTE;ENCODING=QUOTED-PRINTABLE:R=FCckruf=0D=0A=',
        'Dienstag',
        'EMAIL;INTERNET:joerg@mueller.de',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(card).toMatchObject({
      firstName: 'Jörg',
      lastName: 'Müller',
      company: 'Größl Bau & Tragwerksplanung',
      emails: ['joerg@mueller.de'],
    });
  });

  test('the preferred address first, the work phone before others', async () => {
    const [card] = await cardsOf(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Theresa Bauer',
        'EMAIL;TYPE=home:theresa@example.org',
        'EMAIL;TYPE=work;PREF=1:t.bauer@bauer-klein.de',
        'TEL;TYPE=cell:+49 171 1',
        'TEL;VALUE=uri;TYPE="work,voice":tel:+49-711-555-0101',
        'END:VCARD',
      ].join('\n'),
    );
    expect(card).toMatchObject({
      emails: ['t.bauer@bauer-klein.de', 'theresa@example.org'],
      phone: '+49-711-555-0101',
    });
  });

  test('a photo is passed over, even on one line longer than the line limit; a nested card is ignored', async () => {
    const cards = [];
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N:Vogel;Friedrich',
      `PHOTO;ENCODING=BASE64;TYPE=JPEG:${'A'.repeat(5000)}`,
      'AGENT:',
      'BEGIN:VCARD',
      'N:Assistent;Paula',
      'EMAIL:paula@example.org',
      'END:VCARD',
      'EMAIL:f.vogel@vogel-gutachten.de',
      'END:VCARD',
    ].join('\r\n');
    for await (const card of vcards(textLines([text], 1000, 'truncate'))) cards.push(card);
    expect(cards).toEqual([
      expect.objectContaining({ line: 1, firstName: 'Friedrich', emails: ['f.vogel@vogel-gutachten.de'] }),
    ]);
  });

  test('Apple’s company cards keep their name as the company', async () => {
    const [card] = await cardsOf(
      'BEGIN:VCARD\nVERSION:3.0\nN:;;;;\nFN:Hausverwaltung Kern GmbH\nORG:Hausverwaltung Kern GmbH;\nX-ABShowAs:COMPANY\nEND:VCARD\n',
    );
    expect(card).toMatchObject({ isCompany: true, company: 'Hausverwaltung Kern GmbH' });
  });
});
