import { describe, expect, test } from 'vitest';
import { headerLayout } from './columns.ts';
import { contactFromRow, contactFromText, emailFromCells } from './contact-row.ts';
import { splitFullName } from './names.ts';

const EX = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=abc-anna';

describe('the address of an Outlook contact', () => {
  const outlook = headerLayout([
    'E-Mail-Adresse',
    'E-Mail-Typ',
    'E-Mail: Angezeigter Name',
    'E-Mail 2: Adresse',
    'E-Mail 2: Typ',
    'E-Mail 3: Adresse',
    'E-Mail 3: Typ',
  ]);
  const row = (...cells: string[]) => emailFromCells(cells, outlook);

  test('is the first SMTP address of the three: Exchange paths (type EX) are passed over', () => {
    expect(row(EX, 'EX', 'Anna Berg', 'anna@berg.de', 'SMTP')).toEqual({ email: 'anna@berg.de' });
    expect(row('', '', '', '', '', 'anna@berg.de', 'SMTP')).toEqual({ email: 'anna@berg.de' });
    expect(row('x500-ohne-typ', 'EX', '', 'anna@berg.de', 'SMTP')).toEqual({ email: 'anna@berg.de' });
  });

  test('an Exchange-only contact may carry its address in the display name', () => {
    expect(row(EX, 'EX', 'Anna Berg (anna@berg.de)')).toEqual({ email: 'anna@berg.de' });
    expect(row(EX, 'EX', 'Anna Berg')).toEqual({ reason: 'email_exchange' });
  });

  test('an invalid address is named; no address at all is missing', () => {
    expect(row('anna(at)berg.de', 'SMTP')).toEqual({ reason: 'email_invalid', value: 'anna(at)berg.de' });
    expect(row()).toEqual({ reason: 'email_missing' });
  });

  test('Google’s " ::: " lists and hand-made lists with several addresses give their first', () => {
    const google = headerLayout(['E-mail 1 - Value']);
    expect(emailFromCells(['anna@berg.de ::: anna@privat.de'], google)).toEqual({ email: 'anna@berg.de' });
    expect(emailFromCells(['anna@berg.de; anna@privat.de'], google)).toEqual({ email: 'anna@berg.de' });
  });
});

describe('a row of a file', () => {
  test('a language column gives the contact’s language; another language or none leaves it to the office', () => {
    const layout = headerLayout(['Vorname', 'E-Mail', 'Sprache']);
    const localeOf = (cell: string) => {
      const result = contactFromRow(['Anna', 'anna@berg.de', cell], layout);
      return 'contact' in result ? result.contact.locale : undefined;
    };
    expect(['Deutsch', 'de-AT', 'English', 'en_GB', 'EN', 'Französisch', ''].map(localeOf)).toEqual([
      'de',
      'de',
      'en',
      'en',
      'en',
      null,
      null,
    ]);
  });

  test('without first and last name the whole name is split', () => {
    const layout = headerLayout(['Anzeigename', 'Primäre E-Mail-Adresse', 'Organisation']);
    expect(contactFromRow(['Sabine Wendt', 's.wendt@wendt.de', 'Wendt GaLa'], layout)).toEqual({
      contact: {
        firstName: 'Sabine',
        lastName: 'Wendt',
        email: 's.wendt@wendt.de',
        company: 'Wendt GaLa',
        phone: '',
        locale: null,
      },
    });
  });

  test('a rejected row keeps its name for the report', () => {
    const layout = headerLayout(['Vorname', 'Nachname', 'E-Mail']);
    expect(contactFromRow(['Max', 'Kaputt', 'max-at-x.de'], layout)).toEqual({
      fields: { firstName: 'Max', lastName: 'Kaputt', company: '', phone: '', locale: null },
      problem: { reason: 'email_invalid', value: 'max-at-x.de' },
    });
  });
});

describe('a row without a header', () => {
  const layout = { ...headerLayout([]), email: [2], positional: true };
  test.each([
    [
      ['Anna', 'Berg', 'anna@berg.de', 'Berg Architekten', '089 1'],
      ['Anna', 'Berg', 'Berg Architekten', '089 1'],
    ],
    [
      ['Anna Berg', 'anna@berg.de', 'Berg Architekten'],
      ['Anna', 'Berg', 'Berg Architekten', ''],
    ],
    [
      ['anna@berg.de', 'Anna', 'Berg', 'Berg Architekten'],
      ['Anna', 'Berg', 'Berg Architekten', ''],
    ],
    [['anna@berg.de'], ['', '', '', '']],
  ])('%j', (cells, [firstName, lastName, company, phone]) => {
    expect(contactFromRow(cells, layout)).toEqual({
      contact: { firstName, lastName, email: 'anna@berg.de', company, phone, locale: null },
    });
  });
});

describe('a line of a plain list (spec §5)', () => {
  test.each([
    ['Anna Berg anna@berg.de', { firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.de' }],
    ['Hans Peter   Vogt\thp@vogt.de', { firstName: 'Hans Peter', lastName: 'Vogt', email: 'hp@vogt.de' }],
    ['Berg, Anna anna@berg.de', { firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.de' }],
    [
      'Anna Berg <anna@berg.de> 089 123456',
      { firstName: 'Anna', lastName: 'Berg', email: 'anna@berg.de', phone: '089 123456' },
    ],
    ['Anna Berg anna@berg.de Berg Architekten', { firstName: 'Anna', lastName: 'Berg', company: 'Berg Architekten' }],
    ['anna@berg.de', { firstName: '', lastName: '', email: 'anna@berg.de' }],
  ])('%s', (line, expected) => {
    const result = contactFromText(line);
    expect('contact' in result && result.contact).toMatchObject(expected);
  });

  test('a line without an address is missing it, one with a broken address names it', () => {
    expect(contactFromText('Anna Berg')).toMatchObject({ problem: { reason: 'email_missing' } });
    expect(contactFromText('Anna Berg anna@berg')).toMatchObject({
      fields: { firstName: 'Anna', lastName: 'Berg' },
      problem: { reason: 'email_invalid', value: 'anna@berg' },
    });
  });
});

describe('splitting a whole name', () => {
  test.each([
    ['Anna Berg', 'Anna', 'Berg'],
    ['Anna Maria Berg', 'Anna Maria', 'Berg'],
    ['Berg, Anna Maria', 'Anna Maria', 'Berg'],
    ['Ursula von der Leyen', 'Ursula', 'von der Leyen'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Anna', 'Anna', ''],
    ['', '', ''],
  ])('%s', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });
});
