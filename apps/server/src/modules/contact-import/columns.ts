import { isEmailAddress, type ImportDetails, type ImportField } from '@plankurier/shared';
import { ImportRefusal } from './refusal.ts';

/**
 * Header names of the exports offices bring, compared after normalising (lower case, accents and
 * punctuation removed, "e-mail" as "email"): Outlook desktop in German, English and French (its
 * 91 columns), Outlook.com, Google Contacts (old and new CSV), Thunderbird (de/en/fr), LinkedIn,
 * Apple Numbers and hand-made Excel lists.
 */
const FIRST_NAME = new Set([
  'vorname',
  'vornamen',
  'rufname',
  'first name',
  'firstname',
  'first',
  'given name',
  'givenname',
  'forename',
  'prenom',
]);
const LAST_NAME = new Set([
  'nachname',
  'familienname',
  'zuname',
  'last name',
  'lastname',
  'last',
  'surname',
  'family name',
  'familyname',
  'nom de famille',
]);
/** "Name" / "Nom" is the family name beside a first-name column (without a last-name one), else the whole name. */
const NAME = new Set(['name', 'nom']);
const FULL_NAME = new Set([
  'vollstandiger name',
  'voller name',
  'anzeigename',
  'display name',
  'displayname',
  'full name',
  'fullname',
  'nom complet',
  'nom a afficher',
  'ansprechpartner',
  'ansprechpartnerin',
  'kontaktperson',
  'contact name',
  'contact person',
]);
const COMPANY = new Set([
  'firma',
  'firmenname',
  'firmierung',
  'unternehmen',
  'unternehmensname',
  'company',
  'company name',
  'companyname',
  'organisation',
  'organization',
  'organisation name',
  'organization name',
  'organisationsname',
  'name der organisation',
  'name des unternehmens',
  'societe',
  'entreprise',
  'nom de l entreprise',
  'raison sociale',
  'arbeitgeber',
  'employer',
  'betrieb',
  'institution',
]);
/** Only when nothing better names the company: Outlook's "Büro" is the office room. */
const COMPANY_WEAK = new Set(['buro', 'buero', 'office', 'kunde', 'kundenname']);
const PHONE_BUSINESS = new Set([
  'telefon geschaftlich',
  'tel geschaftlich',
  'tel dienstlich',
  'business phone',
  'work phone',
  'telefon firma',
  'company main phone',
  'haupttelefon',
  'primary phone',
  'telephone bureau',
  'telephone professionnel',
  'tel professionnel',
  'telephone societe',
  'telephone principal',
  'telefon',
  'telefonnummer',
  'tel',
  'tel nr',
  'phone',
  'phone number',
  'telephone',
  'rufnummer',
]);
const PHONE_MOBILE = new Set([
  'mobiltelefon',
  'mobil',
  'mobilnummer',
  'mobil tel nr',
  'handy',
  'handynummer',
  'mobile',
  'mobile phone',
  'mobile number',
  'cell',
  'cell phone',
  'tel mobile',
  'portable',
]);
/** The contact's language (Outlook's "Sprache" / "Language" / "Langue", Google's "Language"). */
const LANGUAGE = new Set(['sprache', 'korrespondenzsprache', 'language', 'langue', 'locale']);
const PHONE_HOME = new Set(['telefon privat', 'tel privat', 'home phone', 'telephone domicile', 'tel personnel']);

const MAIL_WORD = /^(e?mail|e?mailadresse|e?mailaddress|e?mailadr|courriel|messagerie)\d*$/;
const TYPE_WORDS = new Set(['type', 'typ']);
const DISPLAY_WORDS = new Set([
  'display',
  'angezeigter',
  'angezeigte',
  'anzeigename',
  'anzeige',
  'name',
  'nom',
  'complet',
]);
const NOT_AN_ADDRESS = new Set([
  'label',
  'format',
  'liste',
  'list',
  'verteiler',
  'newsletter',
  'kategorie',
  'opt',
  'optin',
  'consent',
  'status',
  'art',
]);

export const normalizeHeader = (cell: string) =>
  cell
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\be mail/g, 'email');

type ColumnRole =
  ImportField | 'name' | 'companyWeak' | 'phoneMobile' | 'phoneHome' | 'emailType' | 'emailDisplay' | null;

/** What one header cell names, by its normalised text. */
export function columnRole(cell: string): ColumnRole {
  const name = normalizeHeader(cell);
  const words = name.split(' ');
  // A header names a column in a few words; a sentence (LinkedIn's note above its header) names none.
  if (!name || words.length > 8) return null;
  if (words.some((w) => MAIL_WORD.test(w)) || (words.includes('adresse') && words.includes('electronique'))) {
    if (words.some((w) => TYPE_WORDS.has(w))) return 'emailType';
    if (words.some((w) => DISPLAY_WORDS.has(w))) return 'emailDisplay';
    if (words.some((w) => NOT_AN_ADDRESS.has(w))) return null;
    return 'email';
  }
  if (FIRST_NAME.has(name)) return 'firstName';
  if (LAST_NAME.has(name)) return 'lastName';
  if (NAME.has(name)) return 'name';
  if (FULL_NAME.has(name)) return 'fullName';
  if (COMPANY.has(name) || /^organi[sz]ation \d+ name$/.test(name)) return 'company';
  if (COMPANY_WEAK.has(name)) return 'companyWeak';
  if (PHONE_BUSINESS.has(name) || /^(phone|telefon) \d+ (value|wert)$/.test(name)) return 'phone';
  if (PHONE_MOBILE.has(name)) return 'phoneMobile';
  if (PHONE_HOME.has(name)) return 'phoneHome';
  if (LANGUAGE.has(name)) return 'locale';
  return null;
}

/** The number of an e-mail column or its type column: "E-Mail 2: Typ" → 2, "Secondary Email" → 2. */
function emailSlot(cell: string): number {
  const name = normalizeHeader(cell);
  const digit = /(\d+)/.exec(name);
  if (digit) return Number(digit[1]);
  return /\b(secondary|sekundare|secondaire|zweite)\b/.test(name) ? 2 : 1;
}

/** Where a contact's fields are in a row of the file. */
export interface ColumnLayout {
  /** Index of the header row among the first rows read; rows before it are a preamble. */
  headerRow: number | null;
  firstName: number[];
  lastName: number[];
  fullName: number[];
  company: number[];
  phone: number[];
  locale: number[];
  /** E-mail columns in file order; the first address that is not Exchange's wins. */
  email: number[];
  /** An e-mail column's type column (Outlook's "E-Mail-Typ": SMTP or EX). */
  emailType: Map<number, number>;
  /** Outlook's display names, which hold the SMTP address of an Exchange contact in brackets. */
  emailDisplay: number[];
  /** No names in the header: first and last name stand before the e-mail, company and phone after it. */
  positional: boolean;
  columns: ImportDetails['columns'];
}

const emptyLayout = (): ColumnLayout => ({
  headerRow: null,
  firstName: [],
  lastName: [],
  fullName: [],
  company: [],
  phone: [],
  locale: [],
  email: [],
  emailType: new Map(),
  emailDisplay: [],
  positional: false,
  columns: [],
});

/** The layout a header row describes. */
export function headerLayout(header: string[]): ColumnLayout {
  const layout = emptyLayout();
  const roles = header.map(columnRole);
  const weakCompany: number[] = [];
  const mobile: number[] = [];
  const home: number[] = [];
  const types: number[] = [];
  // Google's old export has "Name" beside "Given Name" and "Family Name": there it is the whole name.
  const nameIsLastName = roles.includes('firstName') && !roles.includes('lastName');
  roles.forEach((role, i) => {
    if (role === 'name') {
      if (nameIsLastName) layout.lastName.push(i);
      else layout.fullName.push(i);
    } else if (role === 'companyWeak') weakCompany.push(i);
    else if (role === 'phoneMobile') mobile.push(i);
    else if (role === 'phoneHome') home.push(i);
    else if (role === 'emailType') types.push(i);
    else if (role === 'emailDisplay') layout.emailDisplay.push(i);
    else if (role) layout[role].push(i);
  });
  if (!layout.company.length) layout.company.push(...weakCompany);
  layout.phone.push(...mobile, ...home);
  for (const t of types) {
    const slot = emailSlot(header[t]!);
    const column = layout.email.find((e) => emailSlot(header[e]!) === slot);
    if (column !== undefined && !layout.emailType.has(column)) layout.emailType.set(column, t);
  }
  const taken: [ImportField, number[]][] = [
    ['firstName', layout.firstName.slice(0, 1)],
    ['lastName', layout.lastName.slice(0, 1)],
    ['fullName', layout.fullName.slice(0, 1)],
    ['email', layout.email],
    ['company', layout.company.slice(0, 1)],
    ['phone', layout.phone.slice(0, 1)],
    ['locale', layout.locale.slice(0, 1)],
  ];
  layout.columns = taken
    .flatMap(([field, columns]) => columns.map((i) => ({ field, header: header[i]!.trim(), i })))
    .sort((a, b) => a.i - b.i)
    .map(({ field, header }) => ({ field, header }));
  return layout;
}

/** A header names the e-mail column, or at least two of name, company and phone. */
/** A row of column names (no address in it, names the import knows). */
export const isHeaderRow = (row: string[]) => isHeader(row, headerLayout(row));

function isHeader(row: string[], layout: ColumnLayout): boolean {
  if (row.some((cell) => isEmailAddress(cell))) return false;
  if (layout.email.length) return true;
  const named = [layout.firstName, layout.lastName, layout.fullName, layout.company, layout.phone].filter(
    (columns) => columns.length,
  );
  return named.length >= 2;
}

/** The column that holds addresses in most rows (at least one in five), or null. */
export function emailColumnByContent(rows: string[][]): number | null {
  const counts = new Map<number, number>();
  for (const row of rows) row.forEach((cell, i) => isEmailAddress(cell) && counts.set(i, (counts.get(i) ?? 0) + 1));
  let best: number | null = null;
  let bestCount = 0;
  for (const [column, count] of counts) {
    if (count > bestCount) {
      best = column;
      bestCount = count;
    }
  }
  const nonEmpty = rows.filter((row) => row.some((cell) => cell.trim())).length;
  return best !== null && bestCount * 5 >= nonEmpty ? best : null;
}

/** First and last name before the e-mail, company and phone after it (spec §5: first name, last name, e-mail). */
function positionalLayout(emailColumn: number, layout = emptyLayout()): ColumnLayout {
  layout.email = [emailColumn];
  layout.positional = true;
  return layout;
}

const HEADER_SEARCH_ROWS = 10;

/**
 * The layout of a delimited file from its first rows: a recognised header (after a preamble such
 * as LinkedIn's "Notes:"), whose e-mail column is taken from the content when its name is unknown;
 * or no header at all, the e-mail column found by its addresses, a row of labels above it taken as
 * an unknown header. Refuses a file without any e-mail column ("E-Mail-Spalte nicht gefunden").
 */
export function findLayout(rows: string[][]): ColumnLayout {
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const row = rows[i]!;
    if (row.some((cell) => isEmailAddress(cell))) break;
    const layout = headerLayout(row);
    if (!isHeader(row, layout)) continue;
    layout.headerRow = i;
    if (layout.email.length) return layout;
    const byContent = emailColumnByContent(rows.slice(i + 1));
    if (byContent === null) throw new ImportRefusal('import.email_column_missing');
    layout.email = [byContent];
    layout.columns = [...layout.columns, { field: 'email', header: row[byContent]?.trim() ?? '' }];
    return layout;
  }

  const emailColumn = emailColumnByContent(rows);
  if (emailColumn === null) throw new ImportRefusal('import.email_column_missing');
  // Leading rows without any address whose cell above the addresses holds text: a title, then the
  // last one of them the (unknown) header.
  let headerRow: number | null = null;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const row = rows[i]!;
    if (row.some((cell) => isEmailAddress(cell))) break;
    if (row[emailColumn]?.trim()) headerRow = i;
  }
  if (headerRow === null) return positionalLayout(emailColumn);
  const named = headerLayout(rows[headerRow]!);
  const hasNames = named.firstName.length + named.lastName.length + named.fullName.length > 0;
  const layout = hasNames ? named : emptyLayout();
  layout.headerRow = headerRow;
  layout.email = [emailColumn];
  layout.positional = !hasNames;
  layout.columns = hasNames
    ? [...named.columns, { field: 'email', header: rows[headerRow]![emailColumn]!.trim() }]
    : [{ field: 'email', header: rows[headerRow]![emailColumn]!.trim() }];
  return layout;
}
