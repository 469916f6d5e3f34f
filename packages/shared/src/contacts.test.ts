import { describe, expect, test } from 'vitest';
import {
  companySearchStarts,
  contactDisplayName,
  contactMatchesSearch,
  csvSafeCell,
  officeNameForContacts,
  importOutcome,
} from './contacts.ts';

describe('the display name of a contact', () => {
  test('is the full name when there is one', () => {
    expect(contactDisplayName({ firstName: 'Jörg', lastName: 'Müller', company: 'Büro', email: 'j@m.de' })).toBe(
      'Jörg Müller',
    );
    expect(contactDisplayName({ firstName: '', lastName: 'Müller', company: 'Büro', email: 'j@m.de' })).toBe('Müller');
  });
  test('else the company, else the e-mail', () => {
    expect(contactDisplayName({ firstName: ' ', lastName: '', company: 'Tragwerk GmbH', email: 'j@m.de' })).toBe(
      'Tragwerk GmbH',
    );
    expect(contactDisplayName({ email: 'j@m.de' })).toBe('j@m.de');
  });
});

describe('the contact search', () => {
  const contact = { firstName: 'Änne', lastName: 'Özdemir', email: 'aenne@tragwerk.de', company: 'Tragwerk Nord' };
  test('matches first name, last name, e-mail and company ignoring case', () => {
    for (const text of ['änne', 'ÖZDEM', 'TRAGWERK.DE', 'nord']) expect(contactMatchesSearch(contact, text)).toBe(true);
  });
  test('an empty text matches everything; other text nothing', () => {
    expect(contactMatchesSearch(contact, '  ')).toBe(true);
    expect(contactMatchesSearch(contact, 'süd')).toBe(false);
  });
});

describe('the company search', () => {
  test('starts only when the text is longer than 3 characters', () => {
    expect(companySearchStarts('Ing')).toBe(false);
    expect(companySearchStarts(' Ing ')).toBe(false);
    expect(companySearchStarts('Inge')).toBe(true);
  });
});

describe('cells written to CSV again', () => {
  test('formula starts are neutralised', () => {
    expect(csvSafeCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvSafeCell('+49 89 123')).toBe("'+49 89 123");
    expect(csvSafeCell('-5')).toBe("'-5");
    expect(csvSafeCell('@SUM(1)')).toBe("'@SUM(1)");
  });
  test('plain text stays, separators and quotes are quoted', () => {
    expect(csvSafeCell('Müller')).toBe('Müller');
    expect(csvSafeCell('Müller, Söhne')).toBe('"Müller, Söhne"');
    expect(csvSafeCell('a;b')).toBe('"a;b"');
  });
});

describe('the office as its contacts see it named', () => {
  test('by its company, else by the person; never by an e-mail address', () => {
    expect(officeNameForContacts({ company: ' Berg Architekten ', firstName: 'Anna', lastName: 'Berg' })).toBe(
      'Berg Architekten',
    );
    expect(officeNameForContacts({ company: '', firstName: 'Anna', lastName: ' Berg' })).toBe('Anna Berg');
    expect(officeNameForContacts({ company: ' ', firstName: '', lastName: '' })).toBe('');
  });
});

describe('how an import ended', () => {
  const done = { inProgress: false, status: 'FINISHED' as const };
  test('nothing imported from lines that were all refused is no success', () => {
    expect(importOutcome({ ...done, imported: 0, rejected: 12 })).toBe('nothing');
  });
  test('nothing new when every line was a contact that exists already', () => {
    expect(importOutcome({ ...done, imported: 0, rejected: 0 })).toBe('nothing_new');
  });
  test('partly when some lines were refused, imported when none was', () => {
    expect(importOutcome({ ...done, imported: 3, rejected: 1 })).toBe('partly');
    expect(importOutcome({ ...done, imported: 3, rejected: 0 })).toBe('imported');
  });
  test('a refused file failed; a running import runs', () => {
    expect(importOutcome({ inProgress: false, status: 'FAILED', imported: 0, rejected: 0 })).toBe('failed');
    expect(importOutcome({ inProgress: true, status: 'RUNNING', imported: 0, rejected: 0 })).toBe('running');
  });
});
