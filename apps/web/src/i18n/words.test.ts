import { describe, expect, test } from 'vitest';
import { formatText } from '../features/projects/plan-grid/GridToggle';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );

/**
 * The German messages the spec writes word for word (product spec §5 and §8), with its 'Email',
 * 'Files' and 'Filetyp'. Only these keep the words; every other text says 'E-Mail', 'Dateien',
 * 'Dateityp' (README.md in this folder).
 */
const SPEC_TEXTS: Record<string, string> = {
  'msg.auth.wrong_credentials': 'Falsche Email und/oder falsches Passwort',
  'msg.auth.email_taken': 'Diese Email existiert bereits',
  'msg.auth.password_mismatch': 'Passwort Wiederholung falsch',
  'msg.upload.too_many_files': 'Zu viele Files ausgewählt',
  'msg.upload.unknown_filetype': 'Unbekannter Filetyp ausgewählt',
  'bounces.permanent': 'Email konnte nicht zugestellt werden',
};

/** 'Email', 'Emails', 'Filetyp', 'File', 'Files' as words of their own ('E-Mail', 'Datei' pass). */
const NON_STANDARD = /(?<!\p{L})(Emails?|Filetyps?|Files?)(?!\p{L})/u;
/** The spec's name for the technical formats (PDF_AND_TEC), which the screens call DWG/DXF. */
const TEC = /(?<!\p{L})TEC(?!\p{L})/u;

const german = entries(de as Tree);

describe('German words', () => {
  test.each(Object.entries(SPEC_TEXTS))('%s is the spec text, word for word', (key, text) => {
    expect(german.find(([k]) => k === key)?.[1]).toBe(text);
  });

  test.each(german.filter(([key]) => !(key in SPEC_TEXTS)))(
    '%s says E-Mail, Datei and Dateityp, not Email, File and Filetyp',
    (_key, text) => {
      expect(NON_STANDARD.exec(text)?.[0] ?? null).toBeNull();
    },
  );

  test('the check finds the non-standard words and passes the standard ones', () => {
    expect(NON_STANDARD.exec('Bitte gib eine Email-Adresse ein')?.[0]).toBe('Email');
    expect(NON_STANDARD.exec('Zu viele Files ausgewählt')?.[0]).toBe('Files');
    expect(NON_STANDARD.exec('Bestätigungs-Email verschickt')?.[0]).toBe('Email');
    expect(NON_STANDARD.exec('E-Mail-Adresse, Dateien, Dateityp, Plan-E-Mails')).toBeNull();
  });
});

describe('the technical formats are called DWG/DXF', () => {
  test.each([...german, ...entries(en as Tree)])('%s does not say TEC', (_key, text) => {
    expect(TEC.exec(text)?.[0] ?? null).toBeNull();
  });

  test("the Planraster's switches name the formats as the contact form does", () => {
    expect([formatText('pdf'), formatText('tec')]).toEqual([de.contacts.form.pdf, de.contacts.form.tec]);
    expect([formatText('pdf'), formatText('tec')]).toEqual([en.contacts.form.pdf, en.contacts.form.tec]);
  });
});
