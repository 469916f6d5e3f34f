import { isUtf8 } from 'node:buffer';
import type { Locale } from '@plankurier/shared';
import { localeFromCell } from './locale-cell.ts';
import type { TextLine } from './text-lines.ts';

/** One vCard's fields the import uses (RFC 2426 / 6350 and the vCard 2.1 Outlook still writes). */
export interface VCard {
  /** The line of BEGIN:VCARD. */
  line: number;
  firstName: string;
  lastName: string;
  fullName: string;
  company: string;
  /** Addresses, the preferred first. */
  emails: string[];
  phone: string;
  /** LANG (vCard 4.0), the preferred one; null when it names neither German nor English. */
  locale: Locale | null;
  /** Apple's company cards (X-ABShowAs:COMPANY) name the company in FN: no person to split it into. */
  isCompany: boolean;
}

/** Properties whose (often large, base64) value the import never reads. */
const SKIPPED = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY', 'X-MS-CARDPICTURE', 'X-ABCROP-RECTANGLE']);
const MAX_VALUE_CHARS = 64 * 1024;

interface Property {
  name: string;
  params: { types: string[]; pref: number | null; encoding: string | null; charset: string | null };
  value: string;
}

/** Splits at a separator that is neither escaped with a backslash nor inside double quotes. */
function splitUnescaped(text: string, separator: string, respectQuotes: boolean): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === '"' && respectQuotes) {
      quoted = !quoted;
      current += c;
    } else if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unescape = (text: string) =>
  text.replace(/\\([\\,;nN:])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c)).trim();

function decodeBytes(bytes: Buffer, charset: string | null): string {
  const label = charset?.toLowerCase() ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable to bytes: `=XX` is a byte, `=` at a line end a soft line break. */
function quotedPrintableBytes(text: string): Buffer {
  const clean = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    const hex = clean[i] === '=' ? clean.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(clean[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeValue(value: string, params: Property['params']): string {
  if (params.encoding === 'QUOTED-PRINTABLE') return decodeBytes(quotedPrintableBytes(value), params.charset);
  if (params.encoding === 'B' || params.encoding === 'BASE64')
    return decodeBytes(Buffer.from(value, 'base64'), params.charset);
  return value;
}

/** `[group.]NAME;PARAM=…;…:value` — vCard 2.1 also writes bare parameters (`EMAIL;PREF;INTERNET:`). */
export function parseProperty(line: string): Property | null {
  const parts = splitUnescaped(line, ':', true);
  if (parts.length < 2) return null;
  const [head, ...rest] = parts;
  const [rawName, ...rawParams] = splitUnescaped(head!, ';', true);
  const name = rawName!
    .slice(rawName!.lastIndexOf('.') + 1)
    .trim()
    .toUpperCase();
  const params: Property['params'] = { types: [], pref: null, encoding: null, charset: null };
  for (const param of rawParams) {
    const eq = param.indexOf('=');
    const key = (eq < 0 ? 'TYPE' : param.slice(0, eq)).trim().toUpperCase();
    const values = (eq < 0 ? param : param.slice(eq + 1))
      .replace(/"/g, '')
      .split(',')
      .map((v) => v.trim().toUpperCase());
    if (key === 'TYPE') {
      if (values.includes('QUOTED-PRINTABLE') || values.includes('BASE64')) params.encoding = values[0]!;
      else params.types.push(...values);
    } else if (key === 'PREF') params.pref = Number(values[0]) || 1;
    else if (key === 'ENCODING') params.encoding = values[0]!;
    else if (key === 'CHARSET') params.charset = values[0]!;
  }
  if (params.types.includes('PREF')) params.pref ??= 1;
  return { name, params, value: rest.join(':') };
}

interface CardDraft extends VCard {
  emailRanks: number[];
  phoneRank: number;
  localeRank: number;
}

const newCard = (line: number): CardDraft => ({
  line,
  firstName: '',
  lastName: '',
  fullName: '',
  company: '',
  emails: [],
  phone: '',
  locale: null,
  isCompany: false,
  emailRanks: [],
  phoneRank: Infinity,
  localeRank: Infinity,
});

function phoneRank(types: string[], pref: number | null) {
  const base = types.includes('WORK') ? 1 : types.includes('CELL') ? 2 : types.includes('HOME') ? 3 : 4;
  return pref !== null ? base - 0.5 : base;
}

function apply(card: CardDraft, property: Property) {
  const value = decodeValue(property.value, property.params);
  switch (property.name) {
    case 'N': {
      const [family = '', given = ''] = splitUnescaped(value, ';', false).map(unescape);
      card.lastName = family;
      card.firstName = given;
      break;
    }
    case 'FN':
      card.fullName = unescape(value);
      break;
    case 'ORG':
      card.company = unescape(splitUnescaped(value, ';', false)[0] ?? '');
      break;
    case 'EMAIL': {
      const address = unescape(value);
      if (!address) break;
      // The preferred address first; otherwise the file's order.
      const rank = property.params.pref ?? 100;
      let at = card.emailRanks.findIndex((r) => r > rank);
      if (at < 0) at = card.emails.length;
      card.emails.splice(at, 0, address);
      card.emailRanks.splice(at, 0, rank);
      break;
    }
    case 'LANG': {
      const locale = localeFromCell(unescape(value));
      const rank = property.params.pref ?? 100;
      if (locale && rank < card.localeRank) {
        card.locale = locale;
        card.localeRank = rank;
      }
      break;
    }
    case 'X-ABSHOWAS':
      card.isCompany = value.trim().toUpperCase() === 'COMPANY';
      break;
    case 'TEL': {
      const rank = phoneRank(property.params.types, property.params.pref);
      const number = unescape(value).replace(/^tel:/i, '');
      if (number && rank < card.phoneRank) {
        card.phone = number;
        card.phoneRank = rank;
      }
      break;
    }
  }
}

/**
 * The cards of a vCard file (several per file), read line by line: folded lines (a leading space
 * or tab) and quoted-printable soft line breaks are joined; photos are passed over unread.
 */
export async function* vcards(lines: AsyncIterable<TextLine>): AsyncGenerator<VCard> {
  let card: CardDraft | null = null;
  let depth = 0;
  let logical: string | null = null;
  let skipping = false;

  const finish = (): VCard | null => {
    const text = logical;
    logical = null;
    if (text === null || skipping) return null;
    if (/^BEGIN:VCARD$/i.test(text.trim())) {
      depth++;
      return null;
    }
    if (/^END:VCARD$/i.test(text.trim())) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && card) {
        const done: VCard = {
          line: card.line,
          firstName: card.firstName,
          lastName: card.lastName,
          fullName: card.fullName,
          company: card.company,
          emails: card.emails,
          phone: card.phone,
          locale: card.locale,
          isCompany: card.isCompany || (!card.firstName && !card.lastName && card.fullName === card.company),
        };
        card = null;
        return done;
      }
      return null;
    }
    if (card && depth === 1) {
      const property = parseProperty(text);
      if (property) apply(card, property);
    }
    return null;
  };

  for await (const { line, text } of lines) {
    const folded = (text.startsWith(' ') || text.startsWith('\t')) && logical !== null;
    const softBreak =
      logical !== null && logical.endsWith('=') && /QUOTED-PRINTABLE/i.test(logical.split(':', 1)[0] ?? '');
    if (folded || softBreak) {
      if (!skipping && logical!.length < MAX_VALUE_CHARS) logical += folded ? text.slice(1) : `\n${text}`;
      continue;
    }
    const done = finish();
    if (done) yield done;
    if (/^BEGIN:VCARD\s*$/i.test(text) && depth === 0) card = newCard(line);
    const name = /^(?:[^.:;]+\.)?([^:;]+)/.exec(text)?.[1]?.toUpperCase() ?? '';
    skipping = SKIPPED.has(name.trim());
    logical = text;
  }
  const done = finish();
  if (done) yield done;
}
