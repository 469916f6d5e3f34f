import { z } from 'zod';
import { sanitizeFilename } from './filename.ts';
import { LOCALES, type Locale } from './format.ts';
import { FILE_KINDS, type FileKind } from './projects.ts';
import { RecipientReceiptSchema, type RecipientReceiptDto } from './receipts.ts';

/**
 * The recipient's page (`/d/<token>`, public): the link token and what a download asks for. A
 * malformed token or ticket is checked by the server and answers the same 404 as an unknown one.
 */
export const RecipientTokenParams = z.object({ token: z.string().max(200) });
export const RecipientFileParams = RecipientTokenParams.extend({ fileId: z.uuid() });
export const RecipientTicketParams = RecipientTokenParams.extend({ ticket: z.string().max(200) });
/** Link tokens and tickets: URL-safe base64 of at least 128 random bits. */
export const isWellFormedSecret = (value: string) => /^[A-Za-z0-9_-]{22,100}$/.test(value);

export interface RecipientPageFileDto {
  _id: string;
  filename: string;
  size: number;
  kind: FileKind;
  doc: { number: string; name: string };
  index: string;
  /** false when the plan has a newer current version than the one sent: the page says so. */
  isCurrent: boolean;
  /**
   * Set on a file that is no longer current: the plan's current index (null while none is), and the
   * file of it that the office sent this participant later, if it did (this link opens it too).
   */
  newer: RecipientNewerDto | null;
  downloaded: boolean;
  /** A PDF whose first page the server has drawn for the viewer (GET /api/d/:token/files/:fileId/sheet). */
  sheet: boolean;
  /** A PDF's page count (the viewer keeps the page strip's place from the start); null for other files. */
  pages: number | null;
  /**
   * Set when the office deleted the plan after sending it: 'zurückgezogen am … von …' (the person, else
   * the office). Such a file is listed but no longer served (410 file.withdrawn).
   */
  withdrawn: { at: string; by: string } | null;
}

export interface RecipientNewerDto {
  index: string | null;
  sent: { fileId: string; sentAt: string | null } | null;
}

/** GET /api/d/:token */
export interface RecipientPageDto {
  office: { company: string };
  project: { number: string; name: string };
  /** The contact's language: the page starts in it unless the visitor chose one. */
  recipient: { name: string; locale: Locale };
  files: RecipientPageFileDto[];
  sentAt: string | null;
  /** Whether the office asked to confirm receipt, and the confirmation once given ('Erhalt bestätigen'). */
  receipt: RecipientReceiptDto;
}

/** POST /api/d/:token/files/:fileId/link and /api/d/:token/zip/link: a single-use URL for a navigation. */
export interface DownloadLinkDto {
  url: string;
}

export type DownloadState = 'red' | 'green';

/**
 * The name a recipient's file is saved under: `<number>_<name>_<index>.<ext>`, without path
 * separators, control or bidi characters (a plan number 'A/101' must not become a folder).
 */
export function deliveredFileName(file: { number: string; name: string; index: string; filename: string }): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(file.filename)?.[1]?.toLowerCase();
  const base = [file.number, file.name, file.index]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('_');
  const name = `${base}${ext ? `.${ext}` : ''}`.replace(/[/\\]/g, '-');
  return sanitizeFilename(name, file.filename);
}

/** The answers' contract, for the web client to check what it reads. */
export const RecipientPageSchema = z.object({
  office: z.object({ company: z.string() }),
  project: z.object({ number: z.string(), name: z.string() }),
  recipient: z.object({ name: z.string(), locale: z.enum(LOCALES as unknown as ['de', 'en']) }),
  files: z.array(
    z.object({
      _id: z.string(),
      filename: z.string(),
      size: z.number(),
      kind: z.enum(FILE_KINDS),
      doc: z.object({ number: z.string(), name: z.string() }),
      index: z.string(),
      isCurrent: z.boolean(),
      newer: z
        .object({
          index: z.string().nullable(),
          sent: z.object({ fileId: z.string(), sentAt: z.string().nullable() }).nullable(),
        })
        .nullable(),
      downloaded: z.boolean(),
      sheet: z.boolean(),
      pages: z.number().nullable(),
      withdrawn: z.object({ at: z.string(), by: z.string() }).nullable(),
    }),
  ),
  sentAt: z.string().nullable(),
  receipt: RecipientReceiptSchema,
});
export const DownloadLinkSchema = z.object({ url: z.string() });
