import { z } from 'zod';
import { INDEX_STYLES } from './plan-index.ts';
import { NAMING_PATTERN_MAX_LENGTH, type NamingKey } from './plan-names.ts';
import type { SetReview, StoredSetFile } from './plan-set-check.ts';
import type { MsgCode } from './msg-codes.ts';
import type { DocDto, VersionDto } from './projects.ts';
import type { MainFileKind } from './upload-rules.ts';

/** API payloads of plan sets and the project's naming key (issue 17). */

/** Files one set may hold: a large coordination round, with room (the review is checked as a whole). */
export const PLAN_SET_MAX_FILES = 1000;
/** How many files of a set upload at once (each with parallelUploads 1). */
export const PLAN_SET_PARALLEL_UPLOADS = 3;

export const NamingKeyBody = z.object({
  pattern: z.string().trim().max(NAMING_PATTERN_MAX_LENGTH).nullable(),
  indexStyle: z.enum(INDEX_STYLES),
});
export type NamingKeyDto = NamingKey;

const SetFileBody = z.object({
  key: z.string().min(1).max(100),
  filename: z.string().trim().min(1).max(255),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Hex SHA-256 of the content, for files as large as a stored one: the same content is there already. */
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((hex) => hex.toLowerCase())
    .optional(),
  /** What the PDF's title block says, read for the browser before (the name is compared with it). */
  titleBlock: z
    .object({
      number: z.string().trim().max(100).nullable(),
      index: z.string().trim().max(20).nullable(),
    })
    .optional(),
});
const SetEditBody = z.object({
  number: z.string().trim().max(100).optional(),
  index: z.string().trim().max(20).optional(),
  name: z.string().trim().max(300).optional(),
  folderId: z.uuid().optional(),
  skip: z.boolean().optional(),
});

/** The dropped names (never the files) and the office's corrections, checked against the drop folder's project. */
export const PlanSetCheckBody = z.object({
  folderId: z.uuid(),
  files: z.array(SetFileBody).min(1).max(PLAN_SET_MAX_FILES),
  edits: z.record(z.string().max(100), SetEditBody).default({}),
});
export type PlanSetCheckBody = z.input<typeof PlanSetCheckBody>;

/** Writes the checked set: one key per confirmed set, so a retry answers the set made by the first call. */
export const PlanSetBody = PlanSetCheckBody.extend({
  requestKey: z.string().min(8).max(100),
  /** 'Planset 25.11.2026', in the office's words. */
  comment: z.string().trim().max(2000),
});
export type PlanSetBody = z.input<typeof PlanSetBody>;

export const PlanSetFinishBody = z.object({
  /** Finish although some files never arrived (the office gave them up). */
  allowMissing: z.boolean().default(false),
});

export interface PlanSetCheckResponse {
  review: SetReview;
  /** The project's current and prepared files that have the hash of a dropped file ('bereits vorhanden'). */
  stored: StoredSetFile[];
  /** The office's plans and documents now and its tier's limit (0: unlimited): a set must fit. */
  docLimit: { max: number; used: number };
}

export interface PlanSetFileDto {
  key: string;
  filename: string;
  size: number;
  kind: MainFileKind;
  doc: string;
  version: string;
  number: string;
  index: string;
  /** The version holds a file of this kind (this one, or one uploaded another way). */
  uploaded: boolean;
}

export interface PlanSetDto {
  _id: string;
  project: string;
  folder: string | null;
  comment: string;
  createdAt: string;
  createdBy: { _id: string; name: string } | null;
  /** When the set event was written ('Planset mit 60 Dateien hochgeladen von …'). */
  finishedAt: string | null;
  files: PlanSetFileDto[];
}

export interface PlanSetResponse {
  planSet: PlanSetDto;
  /** The set's plans and versions as they are now (new plans, prepared versions). */
  docs: DocDto[];
  versions: VersionDto[];
}

/** One version of a set in the answer of its release: the plan's number and the version's index. */
export interface SetVersionRef {
  version: string;
  doc: string;
  number: string;
  index: string;
}

/**
 * 'Alle freigeben' of a set: every version of it still in preparation is released, in whichever
 * folder its plan is. Versions released before (by a colleague, a second click) are left as they
 * are and named; versions that cannot go yet (a DWG without its PDF) stay in preparation.
 */
export interface PlanSetReleaseResponse {
  released: SetVersionRef[];
  alreadyReleased: (SetVersionRef & { by: string | null })[];
  notReady: (SetVersionRef & { msgCode: MsgCode })[];
  /** The released plans and their versions as they are now. */
  docs: DocDto[];
  versions: VersionDto[];
}

/** What the title block of a PDF's first page says, found near its labels; a suggestion, never applied by itself. */
export interface TitleBlockReading {
  number: string | null;
  index: string | null;
  name: string | null;
  /** The label each value was found beside ('Plan-Nr.', 'Index'), for the office to judge. */
  labels: { number?: string; index?: string; name?: string };
}
