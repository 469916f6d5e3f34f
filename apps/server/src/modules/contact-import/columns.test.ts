import { describe, expect, test } from 'vitest';
import { columnRole, findLayout, headerLayout } from './columns.ts';
import { ImportRefusal } from './refusal.ts';

describe('the header names of real exports', () => {
  test.each([
    // Outlook desktop (de, en, fr), Outlook.com
    ['Vorname', 'firstName'],
    ['Nachname', 'lastName'],
    ['Firma', 'company'],
    ['E-Mail-Adresse', 'email'],
    ['E-Mail 2: Adresse', 'email'],
    ['E-Mail-Typ', 'emailType'],
    ['E-Mail: Angezeigter Name', 'emailDisplay'],
    ['Telefon geschäftlich', 'phone'],
    ['Mobiltelefon', 'phoneMobile'],
    ['E-mail Address', 'email'],
    ['E-mail 3 Type', 'emailType'],
    ['E-mail Display Name', 'emailDisplay'],
    ['Business Phone', 'phone'],
    ['Prénom', 'firstName'],
    ['Société', 'company'],
    ['Adresse de messagerie', 'email'],
    ['Type de messagerie 2', 'emailType'],
    ["Nom complet de l'adresse de messagerie", 'emailDisplay'],
    ['Téléphone (bureau)', 'phone'],
    ['Tél. mobile', 'phoneMobile'],
    // Google (new and old CSV)
    ['First Name', 'firstName'],
    ['Given Name', 'firstName'],
    ['Family Name', 'lastName'],
    ['E-mail 1 - Value', 'email'],
    ['E-mail 1 - Label', null],
    ['Organization Name', 'company'],
    ['Organization 1 - Name', 'company'],
    ['Organization 1 - Title', null],
    ['Phone 1 - Value', 'phone'],
    // Thunderbird (de, en, fr)
    ['Primäre E-Mail-Adresse', 'email'],
    ['Sekundäre E-Mail-Adresse', 'email'],
    ['Anzeigename', 'fullName'],
    ['Organisation', 'company'],
    ['Tel. dienstlich', 'phone'],
    ['Mobil-Tel.-Nr.', 'phoneMobile'],
    ['Primary Email', 'email'],
    ['Display Name', 'fullName'],
    ['Adresse e-mail principale', 'email'],
    ['Nom de famille', 'lastName'],
    // LinkedIn, hand-made lists
    ['Email Address', 'email'],
    ['Mailadresse', 'email'],
    ['E-Mail*', 'email'],
    ['Firmenname', 'company'],
    ['Ansprechpartner', 'fullName'],
    ['Büro', 'companyWeak'],
    ['Weitere Vornamen', null],
    ['Position', null],
    ['E-Mail-Verteiler', null],
  ])('%s', (header, role) => {
    expect(columnRole(header)).toBe(role);
  });

  test('a sentence that mentions e-mail addresses names no column', () => {
    expect(columnRole('You will only see email addresses for connections who have allowed it')).toBeNull();
  });
});

describe('the layout of a header row', () => {
  test('several e-mail columns are tried in order, each with its type column', () => {
    const layout = headerLayout(['Vorname', 'E-Mail-Adresse', 'E-Mail-Typ', 'E-Mail 2: Adresse', 'E-Mail 2: Typ']);
    expect(layout.email).toEqual([1, 3]);
    expect([...layout.emailType]).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  test('"Name" is the family name beside "Vorname", the whole name beside "Given Name" and "Family Name"', () => {
    expect(headerLayout(['Name', 'Vorname', 'E-Mail'])).toMatchObject({ lastName: [0], fullName: [] });
    expect(headerLayout(['Name', 'Given Name', 'Family Name', 'E-mail 1 - Value'])).toMatchObject({
      fullName: [0],
      lastName: [2],
    });
    expect(headerLayout(['Name', 'E-Mail'])).toMatchObject({ fullName: [0] });
  });

  test('Outlook’s "Büro" (the office room) is not the company when "Firma" is there', () => {
    expect(headerLayout(['Firma', 'Büro', 'E-Mail']).company).toEqual([0]);
    expect(headerLayout(['Büro', 'E-Mail']).company).toEqual([0]);
  });

  test('the phone is the business one, else the mobile, else the private one', () => {
    expect(headerLayout(['Telefon privat', 'Mobiltelefon', 'Telefon geschäftlich', 'E-Mail']).phone).toEqual([2, 1, 0]);
  });
});

describe('finding the layout of a file from its first rows', () => {
  test('a header after a preamble (LinkedIn’s "Notes:")', () => {
    const layout = findLayout([
      ['Notes:'],
      ['When exporting your connection data, you may notice that some of the email addresses are missing.'],
      ['First Name', 'Last Name', 'URL', 'Email Address', 'Company'],
      ['Anna', 'Berg', 'https://www.linkedin.com/in/anna', 'anna@berg.de', 'Berg'],
    ]);
    expect(layout).toMatchObject({ headerRow: 2, email: [3], firstName: [0], lastName: [1], company: [4] });
  });

  test('a header without a known e-mail name: the column holding addresses', () => {
    const layout = findLayout([
      ['Vorname', 'Nachname', 'Elektronische Post'],
      ['Anna', 'Berg', 'anna@berg.de'],
      ['Ben', 'Tal', 'ben@tal.de'],
    ]);
    expect(layout).toMatchObject({ headerRow: 0, email: [2] });
    expect(layout.columns).toContainEqual({ field: 'email', header: 'Elektronische Post' });
  });

  test('no header: the addresses decide the column; first and last name stand before it', () => {
    expect(
      findLayout([
        ['Anna', 'Berg', 'anna@berg.de'],
        ['Ben', 'Tal', 'ben@tal.de'],
      ]),
    ).toMatchObject({
      headerRow: null,
      email: [2],
      positional: true,
    });
  });

  test('an unknown header above the addresses is a header, not a contact; a title above it a preamble', () => {
    expect(
      findLayout([['Adressliste Büro Berg'], ['Kunde', 'Kontakt'], ['Berg Architekten', 'anna@berg.de']]),
    ).toMatchObject({ headerRow: 1, email: [1], positional: true });
  });

  test('no column holds addresses: the file is refused ("E-Mail-Spalte nicht gefunden")', () => {
    const refusal = (() => {
      try {
        findLayout([
          ['Vorname', 'Nachname', 'Firma'],
          ['Anna', 'Berg', 'Berg Architekten'],
        ]);
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(ImportRefusal);
    expect((refusal as ImportRefusal).msgCode).toBe('import.email_column_missing');
    expect(() =>
      findLayout([
        ['Anna', 'Berg'],
        ['Ben', 'Tal'],
      ]),
    ).toThrow('import.email_column_missing');
  });
});
