import { z } from 'zod';
import type { Locale } from './format.ts';
import { SeenRevision } from './projects.ts';
import { LocaleSchema } from './user.ts';

/** API payloads and entities of contacts and the contact import (spec §3, §7). */

const text = (max: number) => z.string().trim().max(max);

export const CONTACT_PAGE_SIZES = [10, 15, 25, 50] as const;
export const CONTACT_SORT_FIELDS = ['lastName', 'firstName', 'email', 'company', 'createdAt'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

/** The editable fields without defaults: an update changes only what it names. */
const ContactFields = z.object({
  firstName: text(100),
  lastName: text(100),
  /** Checked in the service so that a missing and a malformed address get their own msgCode. */
  email: text(254),
  company: text(200),
  phone: text(50),
  needsPdf: z.boolean(),
  needsTec: z.boolean(),
  /** The language of the contact's mails and download page; left out on create: the office's. */
  locale: LocaleSchema,
});

export const ContactBody = ContactFields.extend({
  firstName: ContactFields.shape.firstName.default(''),
  lastName: ContactFields.shape.lastName.default(''),
  company: ContactFields.shape.company.default(''),
  phone: ContactFields.shape.phone.default(''),
  needsPdf: ContactFields.shape.needsPdf.default(true),
  needsTec: ContactFields.shape.needsTec.default(false),
  locale: ContactFields.shape.locale.optional(),
  /** Set when the contact is created from a project's participant form. */
  projectId: z.uuid().optional(),
  folderId: z.uuid().optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;
export const ContactUpdateBody = ContactFields.extend({ rev: SeenRevision }).partial();

export const ContactListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (CONTACT_PAGE_SIZES as readonly number[]).includes(n))
    .default(10),
  page: z.coerce.number().int().min(1).default(1),
  searchText: text(200).optional(),
  sortBy: z.enum(CONTACT_SORT_FIELDS).default('lastName'),
  sortOrder: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === -1)
    .default(1),
  importInfoOnly: z.enum(['true', 'false', '1', '0']).optional(),
});

export const CompanySearchBody = z.object({ searchText: text(200) });
/** The company search starts only when the text is longer than 3 characters. */
export const COMPANY_SEARCH_MIN_CHARS = 4;
export const companySearchStarts = (text: string) => text.trim().length >= COMPANY_SEARCH_MIN_CHARS;

export const VALIDATION_STATES = ['VALIDATION_PENDING', 'VALIDATION_SUCCESS', 'VALIDATION_FAILED'] as const;
export type ValidationState = (typeof VALIDATION_STATES)[number];

export interface ContactDto {
  _id: string;
  rev: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  needsPdf: boolean;
  needsTec: boolean;
  /** The language its mails and download page speak. */
  locale: Locale;
  /** Participant of any of the office's projects (the picker lists only contacts outside its project: false there). */
  isParticipant: boolean;
  /** The latest participation; after POST /api/contact with projectId, the participant just created. */
  participantId: string | null;
  /**
   * Takes part in a project of the office that the person asking does not work in (never for owners
   * and admins): theirs to read, not to change. Names no project. False in the participant picker.
   */
  inForeignProject: boolean;
  state: { validation: ValidationState | null };
  importId: string | null;
  createdAt: string;
}

export interface ContactListResponse {
  contacts: ContactDto[];
  count: number;
  total: number;
  limit: number;
  page: number;
  pages: number;
  importInfo?: ImportInfo | null;
}

export interface ImportProblem {
  /** The line of the file where the contact's record starts (its first line when a field spans several). */
  line: number;
  reason:
    | 'email_missing'
    | 'email_invalid'
    | 'email_exchange'
    | 'duplicate_in_file'
    | 'duplicate_existing'
    | 'too_many_columns';
  value?: string;
  /** The contact's name (or company) as the line gives it, so the line can be found in the file. */
  name?: string;
}

/** Encodings the import tells apart (Excel, Outlook, Mac Excel, Unicode text). */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-15', 'macintosh'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The fields an import takes from a file; fullName is split when first and last name are missing. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'fullName', 'email', 'company', 'phone', 'locale'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What the import recognised in the file, shown beside the report so the office can check it. */
export interface ImportDetails {
  format: 'csv' | 'vcard' | 'text';
  encoding: ImportEncoding;
  delimiter: ';' | ',' | '\t' | null;
  /** The line of the header row; null when the file has none. */
  headerLine: number | null;
  /** The header of each column taken, in file order (several e-mail columns: the first SMTP address wins). */
  columns: { field: ImportField; header: string }[];
  /** Lines that were encoded differently from the rest of the file (each was read in its own encoding). */
  otherEncoding: { encoding: ImportEncoding; lines: number[]; count: number } | null;
  /** The line a refusal points to (an unclosed quote, a line over 1 MB). */
  failureLine: number | null;
}

export interface ImportInfo {
  _id: string;
  filename: string;
  inProgress: boolean;
  status: 'RUNNING' | 'FINISHED' | 'FAILED';
  /** Why a whole file was refused (binary, a line over 1 MB, empty, no e-mail column, …). */
  failure: string | null;
  /** Contact lines of the file (the header not counted); while running: lines of the file after the header. */
  totalLines: number;
  processedLines: number;
  imported: number;
  duplicates: number;
  /** Lines refused for a missing or invalid e-mail (the list below holds at most 1,000 problems). */
  rejected: number;
  invalid: ImportProblem[];
  details: ImportDetails | null;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * How an import ended, for the report's title and colour: an import that took nothing is never a
 * success, whatever its status says.
 */
export type ImportOutcome = 'running' | 'failed' | 'nothing' | 'nothing_new' | 'partly' | 'imported';

export function importOutcome(
  info: Pick<ImportInfo, 'inProgress' | 'status' | 'imported' | 'rejected'>,
): ImportOutcome {
  if (info.inProgress) return 'running';
  if (info.status === 'FAILED') return 'failed';
  if (info.imported === 0) return info.rejected > 0 ? 'nothing' : 'nothing_new';
  return info.rejected > 0 ? 'partly' : 'imported';
}

/** Before an import is taken back: what goes and what stays (participants, contacts edited since). */
export interface ImportUndoPreview {
  remove: { count: number; names: string[] };
  keep: {
    count: number;
    contacts: { _id: string; name: string; email: string; reason: 'participant' | 'edited'; projects: string[] }[];
  };
}

/** The answer of DELETE /contacts/import/:id. */
export interface ImportUndoResult {
  removed: number;
  kept: number;
}

/** How many names an undo preview lists; the rest is counted. */
export const UNDO_PREVIEW_NAMES = 100;

/** Display name (spec §3): full name, else company, else e-mail. */
export function contactDisplayName(contact: {
  firstName?: string;
  lastName?: string;
  company?: string;
  email: string;
}): string {
  const full = [contact.firstName?.trim(), contact.lastName?.trim()].filter(Boolean).join(' ');
  return full || contact.company?.trim() || contact.email;
}

/**
 * How mails and pages a contact sees name the office: by its company, else by the person's name;
 * never by its e-mail address (an address is no name). '' when the profile has neither.
 */
export function officeNameForContacts(office: { company: string; firstName: string; lastName: string }): string {
  return office.company.trim() || [office.firstName.trim(), office.lastName.trim()].filter(Boolean).join(' ');
}

/** POST /contact/validate: the address is confirmed; `office` names who asked (see officeNameForContacts). */
export interface ContactValidationResult {
  validated: true;
  office: string;
}

/** Search (spec §5): case-insensitive over first name, last name, e-mail and company; empty matches all. */
export function contactMatchesSearch(
  contact: { firstName: string; lastName: string; email: string; company: string },
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [contact.firstName, contact.lastName, contact.email, contact.company].some((f) =>
    f.toLowerCase().includes(needle),
  );
}

/**
 * A cell written to CSV again: values that a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return at the start) are prefixed with an apostrophe; quotes are doubled as CSV wants.
 */
export function csvSafeCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}
