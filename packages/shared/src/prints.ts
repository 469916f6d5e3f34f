import { z } from 'zod';
import { TimelineFilterParams } from './timeline.ts';

/** Print-outs of a project (spec §3 Print, §4 Print job, §7 POST /print). */

export const PRINT_TYPES = ['PLANLIST', 'PARTICIPANTLIST', 'TIMELINE', 'TRANSMITTAL'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];

/** What a print is written as: a PDF, or (the transmittal record) a CSV for spreadsheets. */
export const PRINT_FORMATS = ['pdf', 'csv'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/** An IANA time zone the runtime knows ('Europe/Berlin'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's zone: dates and times on the print are the ones the user sees on screen. */
const TimeZone = z.string().max(64).refine(isTimeZone).optional();

export const PrintBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PLANLIST'), projectId: z.uuid(), folderId: z.uuid().optional(), timeZone: TimeZone }),
  z.object({
    type: z.literal('PARTICIPANTLIST'),
    projectId: z.uuid(),
    participantId: z.uuid().optional(),
    timeZone: TimeZone,
  }),
  z.object({
    type: z.literal('TIMELINE'),
    projectId: z.uuid(),
    timeZone: TimeZone,
    timelineFilterParams: TimelineFilterParams.default({}),
    /** Which tab of the timeline: doc events, e-mail events, or both when absent. */
    eventType: z.enum(['DOC', 'EMAIL']).optional(),
  }),
  /**
   * The transmittal record (proof of delivery) of one participant — every plan and index sent to
   * them — or of one plan — every index and who received it; with outcome, downloads and
   * confirmations. As PDF, or as CSV for spreadsheets.
   */
  z
    .object({
      type: z.literal('TRANSMITTAL'),
      projectId: z.uuid(),
      participantId: z.uuid().optional(),
      docId: z.uuid().optional(),
      format: z.enum(PRINT_FORMATS).default('pdf'),
      timeZone: TimeZone,
    })
    .refine((body) => (body.participantId === undefined) !== (body.docId === undefined), {
      message: 'one of participantId and docId',
    }),
]);
export type PrintBody = z.input<typeof PrintBody>;

export interface PrintDto {
  _id: string;
  project: string;
  type: PrintType;
  format: PrintFormat;
  isFinished: boolean;
  /** Rendering stopped with an error: nothing to download. */
  isFailed: boolean;
  /** 0…100 */
  progress: number;
  numberOfPages: number;
  numberOfPagesProcessed: number;
}

/** The live update of one print: `updateData` with `{ prints: { [id]: PrintDto } }`. */
export type PrintsUpdate = Record<string, PrintDto>;

/** A finished print stays downloadable this long; then its row and file are removed. */
export const PRINT_TTL_HOURS = 24;
