import type { Actor } from '../offices/access.ts';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  appError,
  errors,
  hasPreview,
  hasSheet,
  mainKindFor,
  mimeTypeFor,
  sanitizeFilename,
  uploadProblem,
  type FileKind,
  type MsgCode,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { announceChange } from '../projects/changes.ts';
import { recordDocEvent } from '../timeline/record.ts';
import { ModuleProcessOverLimit } from '../../pdf/pdf-process.ts';
import { fairPreviewPriority } from '../previews/queries.ts';
import { inspectCadInChild, type CadInspection } from './cad-inspect.ts';
import type { CadFacts } from '../../cad/cad-facts.ts';
import { inspectPdfInChild, type PdfFacts } from './pdf-inspect.ts';
import {
  claimUploadForFinish,
  deleteUpload,
  findUpload,
  insertFile,
  insertUpload,
  lockVersionForUpload,
  markUploadFinished,
  releaseUploadClaim,
  touchUpload,
  versionContents,
} from './queries.ts';
import { SNIFF_BYTES, sniffKind } from './sniff.ts';
import type { UploadStaging } from './upload-staging.ts';
import { isS3Unreachable } from '../../storage/s3.ts';
import { StorageUnreachable } from '../../storage/storage.ts';

export const UPLOAD_KINDS = ['main', 'addon'] as const;

export interface UploadRequest {
  uploadId: string;
  /** Upload-Length; undefined when the client deferred it (refused). */
  size: number | undefined;
  metadata: Record<string, string | null | undefined>;
}

const STATUS: Partial<Record<MsgCode, number>> = {
  'upload.too_many_files': 400,
  'upload.unknown_filetype': 415,
  'upload.addon_pdf_only': 415,
};
const uploadError = (msgCode: MsgCode) => appError(msgCode, STATUS[msgCode] ?? 409);

const EXISTS: Record<FileKind, MsgCode> = {
  pdf: 'upload.pdf_exists',
  dwg: 'upload.dwg_exists',
  dxf: 'upload.dxf_exists',
  addon: 'upload.addon_name_taken',
  other: 'upload.type_exists',
};

/**
 * Before any byte is stored (tus POST): the version is the office's and in preparation, the file
 * passes the upload rules against what the version has and what is uploading into it, and fits
 * the size limit. Records the upload so other processes see it as "uploading".
 */
export async function startUpload({ db, config }: Deps, actor: Actor, req: UploadRequest): Promise<void> {
  const meta = req.metadata;
  const versionId = meta.versionId ?? '';
  const sha256 = (meta.sha256 ?? '').toLowerCase();
  const uploadKind = meta.kind ?? 'main';
  if (
    !/^[0-9a-f-]{36}$/i.test(versionId) ||
    !/^[0-9a-f]{64}$/.test(sha256) ||
    !(UPLOAD_KINDS as readonly string[]).includes(uploadKind)
  ) {
    throw errors.validation();
  }
  if (req.size === undefined) throw errors.validation();
  if (req.size > config.maxUploadBytes) throw appError('upload.too_large', 413);
  const filename = sanitizeFilename(meta.filename ?? '');
  const addon = uploadKind === 'addon';

  await db.transaction().execute(async (tx) => {
    const version = await lockVersionForUpload(tx, actor, versionId);
    if (!version) throw errors.notFound();
    if (version.status !== 'preparation') throw appError('version.not_in_preparation', 409);
    const contents = await versionContents(tx, versionId, undefined, { sha256, filename });
    const problem = uploadProblem([{ name: filename }], { doctype: version.doctype, ...contents }, { addon });
    if (problem) throw uploadError(problem);
    const kind = addon ? 'addon' : mainKindFor(version.doctype, filename);
    if (!kind) throw uploadError('upload.unknown_filetype');
    await insertUpload(tx, { id: req.uploadId, actor, versionId, kind, filename, size: req.size!, sha256 });
  });
}

/** HEAD, PATCH and DELETE reach only the office's own uploads; a foreign id is as missing. */
export async function touchOwnUpload({ db }: Deps, actor: Actor, uploadId: string, method: string): Promise<void> {
  const upload = await findUpload(db, actor, uploadId);
  if (!upload) throw errors.notFound();
  if (method === 'PATCH') await touchUpload(db, uploadId);
}

export const forgetUpload = ({ db }: Deps, uploadId: string) => deleteUpload(db, uploadId);

/**
 * The last byte arrived: check the SHA-256 against the client's, the real type against the
 * extension, read the PDF's or drawing's facts (refusing one that cannot be read), move the data
 * into storage and create the file row with its timeline event in one transaction. Anything
 * refused is deleted; a half-finished upload never becomes a file. Returns the new file's id (also
 * for a repeated final PATCH).
 */
export async function finishUpload(
  deps: Deps,
  staging: UploadStaging,
  actor: Actor,
  uploadId: string,
): Promise<string> {
  const { db, storage } = deps;
  const upload = await claimUploadForFinish(db, actor, uploadId);
  if (!upload) {
    const known = await findUpload(db, actor, uploadId);
    if (known?.state === 'finished' && known.file_id) return known.file_id;
    throw known ? appError('upload.failed', 409) : errors.notFound();
  }
  const refuse = async (msgCode: MsgCode, status: number) => {
    await staging.discard(uploadId).catch(() => undefined);
    await deleteUpload(db, uploadId);
    return appError(msgCode, status);
  };

  let facts: { sha256: string; head: Buffer; size: number };
  try {
    // Hashed while the PATCHes were written; after a restart, or when PATCHes went to several
    // processes, read it all again.
    const received = await staging.receivedSha256(uploadId, Number(upload.size));
    facts = received
      ? { sha256: received, ...(await sizeAndHead(staging, uploadId)) }
      : await hashAndHead(staging, uploadId);
  } catch (err) {
    if (isUnavailable(err)) {
      await releaseUploadClaim(db, uploadId);
      throw errors.unavailable();
    }
    throw await refuse('upload.failed', 422);
  }
  if (facts.sha256 !== upload.sha256 || facts.size !== Number(upload.size))
    throw await refuse('upload.checksum_mismatch', 409);
  const claimed = upload.kind === 'addon' ? 'pdf' : upload.kind;
  let pdf: PdfFacts | null = null;
  let cad: CadFacts | null = null;
  if (claimed === 'pdf') {
    // Whether it is a PDF at all is pdf.js's call too: it opens files with garbage before `%PDF-`.
    const inspection = await inspectPdfInChild(staging.location(uploadId), facts.size, actor.officeId).catch(
      (err: unknown) => {
        deps.log.warn({ err, uploadId }, 'inspecting an uploaded PDF failed');
        return err instanceof ModuleProcessOverLimit ? 'too_complex' : null;
      },
    );
    if (inspection === 'too_complex') throw await refuse('upload.too_complex', 422);
    if (!inspection) throw await refuse('upload.pdf_damaged', 422);
    if (!inspection.ok) throw await refuse(inspection.refusal, inspection.refusal === 'upload.not_a_pdf' ? 415 : 422);
    pdf = inspection.facts;
  } else if (claimed === 'dwg' || claimed === 'dxf') {
    // A DWG or DXF must be one, and readable to its end; a data doc's other file (a .docx) is taken as it is.
    if (sniffKind(facts.head) !== claimed) throw await refuse('upload.unknown_filetype', 415);
    const inspection: CadInspection | 'too_complex' | null = await inspectCadInChild(
      staging.location(uploadId),
      claimed,
      facts.size,
      actor.officeId,
    ).catch((err: unknown) => {
      deps.log.warn({ err, uploadId }, 'reading an uploaded drawing failed');
      return err instanceof ModuleProcessOverLimit ? 'too_complex' : null;
    });
    // Past the check process's time or memory limit: refused, never tried again in a loop.
    if (inspection === 'too_complex') throw await refuse('upload.too_complex', 422);
    if (!inspection?.ok) throw await refuse(inspection?.refusal ?? `upload.${claimed}_damaged`, 422);
    cad = inspection.facts;
  }

  let stored: Awaited<ReturnType<typeof storage.adopt>>;
  try {
    stored = await staging.adopt(uploadId, { sha256: facts.sha256, size: facts.size });
  } catch (err) {
    const diskFull = (err as NodeJS.ErrnoException).code === 'ENOSPC';
    // No room in the file store: the upload waits, resumable, for space (its client resumes it).
    if (diskFull && (await staging.reopen(uploadId, facts.size))) {
      await releaseUploadClaim(db, uploadId);
      throw appError('storage.full', 507);
    }
    if (!diskFull) deps.log.error({ err }, 'moving an upload into storage failed');
    throw await refuse(diskFull ? 'storage.full' : 'upload.failed', diskFull ? 507 : 500);
  }
  let result: { fileId: string; projectId: string };
  try {
    result = await db.transaction().execute(async (tx) => {
      const version = await lockVersionForUpload(tx, actor, upload.version_id);
      if (!version) throw errors.notFound();
      if (version.status !== 'preparation') throw appError('version.not_in_preparation', 409);
      const file = await insertFile(tx, {
        project_id: version.project_id,
        doc_id: version.doc_id,
        version_id: version.id,
        kind: upload.kind,
        filename: upload.filename,
        storage_key: stored.key,
        size: stored.size,
        sha256: stored.sha256,
        mime_type: mimeTypeFor(upload.kind, upload.filename),
        pdf_width_mm: pdf?.widthMm ?? null,
        pdf_height_mm: pdf?.heightMm ?? null,
        pdf_pages: pdf?.pages ?? null,
        is_encrypted: pdf?.isEncrypted ?? false,
        cad_release: cad?.release ?? null,
        cad_units: cad?.units ?? null,
        cad_width: cad?.width ?? null,
        cad_height: cad?.height ?? null,
        preview_status: hasPreview(upload.kind) ? 'pending' : null,
        sheet_status: hasSheet(upload.kind) ? 'pending' : null,
      }).catch((err: unknown) => {
        // The unique indexes decide a race between two uploads of the same kind or add-on name.
        if ((err as { code?: string }).code === '23505') throw uploadError(EXISTS[upload.kind]);
        throw err;
      });
      await recordDocEvent(tx, {
        kind: 'file.uploaded',
        projectId: version.project_id,
        actorId: actor.userId,
        docId: version.doc_id,
        versionId: version.id,
        fileId: file.id,
        data: {
          number: version.doc_number,
          name: version.doc_name,
          index: version.index,
          filename: upload.filename,
          kind: upload.kind,
        },
      });
      // The thumbnail (and a drawing's scene) is made by a job, with the file or not at all.
      if (hasPreview(upload.kind))
        await deps.jobs.enqueue(
          tx,
          QUEUES.planPreview,
          { fileId: file.id },
          { id: file.id, priority: await fairPreviewPriority(tx, actor.officeId) },
        );
      await markUploadFinished(tx, uploadId, file.id);
      return { fileId: file.id, projectId: version.project_id };
    });
  } catch (err) {
    await storage.remove(stored.key).catch(() => undefined);
    await deleteUpload(db, uploadId).catch(() => undefined);
    throw err;
  }
  await announceChange(deps, actor, { projectId: result.projectId, entity: 'file', id: result.fileId });
  return result.fileId;
}

/** The finished upload's size and first bytes for the type check, without reading the rest. */
async function sizeAndHead(staging: UploadStaging, uploadId: string): Promise<{ head: Buffer; size: number }> {
  const size = await staging.size(uploadId);
  const head =
    size === 0
      ? Buffer.alloc(0)
      : await buffer(await staging.read(uploadId, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }));
  return { head, size };
}

/** One pass over the finished upload: its SHA-256, size and first bytes for the type check. */
async function hashAndHead(
  staging: UploadStaging,
  uploadId: string,
): Promise<{ sha256: string; head: Buffer; size: number }> {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  for await (const chunk of (await staging.read(uploadId)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - headLength);
      headChunks.push(Buffer.from(part));
      headLength += part.length;
    }
  }
  return { sha256: hash.digest('hex'), head: Buffer.concat(headChunks), size };
}

/** The store did not answer (S3 away): the client may try the last PATCH again. */
const isUnavailable = (err: unknown) => err instanceof StorageUnreachable || isS3Unreachable(err);
