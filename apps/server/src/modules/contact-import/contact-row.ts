import { isExchangeAddress, normalizeEmailAddress, type ImportProblem, type Locale } from '@plankurier/shared';
import type { ColumnLayout } from './columns.ts';
import { localeFromCell } from './locale-cell.ts';
import { splitFullName } from './names.ts';

export interface ImportedContact {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  /** From a language column or vCard's LANG; null: the office's language. */
  locale: Locale | null;
}

type Fields = Omit<ImportedContact, 'email'>;
export type RowResult =
  { contact: ImportedContact } | { fields: Fields; problem: Pick<ImportProblem, 'reason' | 'value'> };

/** Google puts several values into one cell, separated by " ::: ". */
const firstValue = (cell: string | undefined) =>
  !cell ? '' : cell.includes(':::') ? cell.split(/\s*:::\s*/)[0]!.trim() : cell.trim();

const pick = (cells: string[], columns: number[]) => {
  for (const column of columns) {
    const value = firstValue(cells[column]);
    if (value) return value;
  }
  return '';
};

/** The addresses a cell holds: Google's " ::: " lists, or several separated by ; or , in a hand-made list. */
const addressesIn = (cell: string) =>
  cell.indexOf('@') === cell.lastIndexOf('@') && !cell.includes(':::')
    ? [cell.trim()].filter(Boolean)
    : cell
        .split(/\s*:::\s*/)
        .flatMap((part) => ((part.match(/@/g)?.length ?? 0) > 1 ? part.split(/\s*[;,]\s*/) : [part]))
        .map((part) => part.trim())
        .filter(Boolean);

/** An address in brackets inside Outlook's display name: "Marta Nowak (marta.nowak@statik-nowak.de)". */
const addressInDisplayName = (cell: string) => {
  const inside = /[(<]([^()<>\s]+@[^()<>\s]+)[)>]/.exec(cell);
  return inside ? normalizeEmailAddress(inside[1]!) : null;
};

/**
 * The first address mail can be sent to, over the e-mail columns in order (Outlook's first, second
 * and third address): Exchange paths (type EX) are passed over; an Exchange-only contact may still
 * carry its SMTP address in the display name.
 */
export function emailFromCells(
  cells: string[],
  layout: Pick<ColumnLayout, 'email' | 'emailType' | 'emailDisplay'>,
): { email: string } | Pick<ImportProblem, 'reason' | 'value'> {
  let invalid: string | null = null;
  let exchange = false;
  for (const column of layout.email) {
    const typeColumn = layout.emailType.get(column);
    const isEx = typeColumn !== undefined && cells[typeColumn]?.trim().toUpperCase() === 'EX';
    for (const candidate of addressesIn(cells[column] ?? '')) {
      if (isEx || isExchangeAddress(candidate)) {
        exchange = true;
        continue;
      }
      const email = normalizeEmailAddress(candidate);
      if (email) return { email };
      invalid ??= candidate;
    }
  }
  for (const column of layout.emailDisplay) {
    const email = addressInDisplayName(cells[column] ?? '');
    if (email) return { email };
  }
  if (invalid !== null) return { reason: 'email_invalid', value: invalid.slice(0, 200) };
  return exchange ? { reason: 'email_exchange' } : { reason: 'email_missing' };
}

function namesFrom(first: string, last: string, full: string) {
  if (first || last || !full) return { firstName: first, lastName: last };
  return splitFullName(full);
}

const result = (fields: Fields, email: ReturnType<typeof emailFromCells>): RowResult =>
  'email' in email ? { contact: { ...fields, email: email.email } } : { fields, problem: email };

/** Without names in the header: first name, last name, e-mail, company, phone by position. */
function positionalRow(cells: string[], layout: ColumnLayout): RowResult {
  let at = layout.email[0]!;
  // A line that has its address elsewhere (one column more or less) is read around that address.
  if (!normalizeEmailAddress(firstValue(cells[at]))) {
    const elsewhere = cells.findIndex((cell) => normalizeEmailAddress(firstValue(cell)));
    if (elsewhere >= 0) at = elsewhere;
  }
  const before = cells.slice(0, at).map((c) => c.trim());
  const after = cells.slice(at + 1).map((c) => firstValue(c));
  const namesOf = (words: string[]) =>
    words.length >= 2 ? { firstName: words[0]!, lastName: words[1]! } : splitFullName(words[0] ?? '');
  // The address first ("anna@berg.de;Anna;Berg"): the names follow it, then the company.
  const fields =
    at === 0
      ? { ...namesOf(after), company: after[2] ?? '', phone: '', locale: null }
      : { ...namesOf(before), company: after[0] ?? '', phone: after[1] ?? '', locale: null };
  return result(fields, emailFromCells(cells, { email: [at], emailType: new Map(), emailDisplay: [] }));
}

/** A contact from one row of a delimited file, or the reason it cannot be one. */
export function contactFromRow(cells: string[], layout: ColumnLayout): RowResult {
  if (layout.positional) return positionalRow(cells, layout);
  const fields = {
    ...namesFrom(pick(cells, layout.firstName), pick(cells, layout.lastName), pick(cells, layout.fullName)),
    company: pick(cells, layout.company),
    phone: pick(cells, layout.phone),
    locale: localeFromCell(pick(cells, layout.locale)),
  };
  return result(fields, emailFromCells(cells, layout));
}

const PHONE = /^\+?[\d\s/()-]{5,}$/;

/**
 * A line of a plain list (spec §5: "first name, last name, e-mail" separated by spaces): the word
 * that is an address, the words before it the name ("Berg, Anna" too), after it a phone number or
 * the company.
 */
export function contactFromText(text: string): RowResult {
  const words = text
    .trim()
    .split(/[\s;]+/)
    .filter(Boolean);
  const at = words.findIndex((word) => normalizeEmailAddress(word.replace(/[,.;:]+$/, '')));
  const nameWords = (at >= 0 ? words.slice(0, at) : words.filter((w) => !w.includes('@'))).join(' ').replace(/,$/, '');
  const rest = at >= 0 ? words.slice(at + 1).join(' ') : '';
  const fields = {
    ...splitFullName(nameWords),
    company: PHONE.test(rest) ? '' : rest,
    phone: PHONE.test(rest) ? rest : '',
    locale: null,
  };
  if (at < 0) {
    const invalid = words.find((word) => word.includes('@'));
    return { fields, problem: invalid ? { reason: 'email_invalid', value: invalid } : { reason: 'email_missing' } };
  }
  return result(
    fields,
    emailFromCells([words[at]!.replace(/[,.;:]+$/, '')], {
      email: [0],
      emailType: new Map(),
      emailDisplay: [],
    }),
  );
}
