import type { ContactDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  contactEmailProblemKey,
  contactFormValues,
  contactInput,
  nextSort,
  truncateEmail,
  validationBadge,
} from './contact-view';

describe('truncateEmail', () => {
  test('short addresses stay as they are', () => {
    expect(truncateEmail('anna@berg.de')).toBe('anna@berg.de');
  });

  test('long addresses are cut with an ellipsis at the limit', () => {
    const long = 'bauleitung.nord.projektsteuerung@ingenieurgesellschaft-beispiel.de';
    const cut = truncateEmail(long);
    expect(cut).toHaveLength(32);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncateEmail('abcdef@x.de', 6)).toBe('abcde…');
  });
});

describe('nextSort', () => {
  test('the same column turns the order round', () => {
    expect(nextSort({ sortBy: 'lastName', sortOrder: 1 }, 'lastName')).toEqual({ sortBy: 'lastName', sortOrder: -1 });
    expect(nextSort({ sortBy: 'lastName', sortOrder: -1 }, 'lastName')).toEqual({ sortBy: 'lastName', sortOrder: 1 });
  });

  test('another column starts ascending', () => {
    expect(nextSort({ sortBy: 'lastName', sortOrder: -1 }, 'company')).toEqual({ sortBy: 'company', sortOrder: 1 });
  });
});

describe('validationBadge', () => {
  test('each state has its text and colour; never asked shows nothing', () => {
    expect(validationBadge('VALIDATION_PENDING')).toEqual({ key: 'contacts.validation.pending', color: 'yellow' });
    expect(validationBadge('VALIDATION_SUCCESS')?.color).toBe('green');
    expect(validationBadge('VALIDATION_FAILED')?.color).toBe('red');
    expect(validationBadge(null)).toBeNull();
  });
});

describe('contact form', () => {
  test("a new contact needs PDF by default and speaks the office's language", () => {
    expect(contactFormValues(null, 'en')).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      company: '',
      phone: '',
      needsPdf: true,
      needsTec: false,
      locale: 'en',
    });
  });

  test('an existing contact fills the form, the input is trimmed', () => {
    const contact = {
      firstName: 'Jürgen',
      lastName: 'Weiß',
      email: 'juergen@weiss.de',
      company: 'Größl',
      phone: '',
      needsPdf: false,
      needsTec: true,
      locale: 'de',
    } as ContactDto;
    const values = contactFormValues(contact, 'en');
    expect(values).toMatchObject({ firstName: 'Jürgen', needsPdf: false, needsTec: true, locale: 'de' });
    expect(contactInput({ ...values, email: ' juergen@weiss.de ', company: ' Größl ' })).toMatchObject({
      email: 'juergen@weiss.de',
      company: 'Größl',
    });
  });
});

describe('contactEmailProblemKey', () => {
  test('required and of the form name@domain.tld, with the server texts', () => {
    expect(contactEmailProblemKey('')).toBe('msg.contact.email_required');
    expect(contactEmailProblemKey('kaputt')).toBe('msg.contact.email_invalid');
    expect(contactEmailProblemKey(' anna@berg.de ')).toBeNull();
  });
});
