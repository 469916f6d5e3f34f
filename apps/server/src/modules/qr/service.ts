import type { Actor } from '../offices/access.ts';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  appError,
  errors,
  isAppError,
  isMsgCode,
  isWellFormedSecret,
  qrFitsPage,
  type DocQrDto,
  type DocQrSettings,
  type QrDefaults,
  type QrPublicDto,
} from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import { announceChange } from '../projects/changes.ts';
import { StoredObjectMissing } from '../../storage/storage.ts';
import { ModuleProcessOverLimit } from '../../pdf/pdf-process.ts';
import { sha256 } from '../auth/secrets.ts';
import {
  deleteOtherStampedFiles,
  deleteStampedFile,
  findByQrToken,
  findDocQr,
  findStampContext,
  findStampFailure,
  findStampedFile,
  insertStampFailure,
  insertStampedFile,
  liveMainPdfs,
  updateDocQrColumn,
} from './queries.ts';
import { qrUrl, versionQrToken } from './qr-token.ts';
import {
  QR_CHECK_PAGES,
  STAMP_LAYOUT_VERSION,
  STAMP_LIMIT_BYTES,
  checkQrPlacementInChild,
  stampQrFileInChild,
} from './stamp.ts';

type QrDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'log'>;

/** A doc without settings of its own follows the user's defaults (autoEmbed is its embed flag). */
function effectiveSettings(own: Record<string, unknown> | null, defaults: QrDefaults): DocQrDto {
  if (own) return { ...(own as unknown as DocQrSettings), isDefault: false };
  return {
    x: defaults.x,
    y: defaults.y,
    width: defaults.width,
    hasBorder: defaults.hasBorder,
    embed: defaults.autoEmbed,
    isDefault: true,
  };
}

export async function getDocQr({ db }: Pick<Deps, 'db'>, actor: Actor, docId: string): Promise<DocQrDto> {
  const doc = await findDocQr(db, actor, docId);
  if (!doc) throw errors.notFound();
  return effectiveSettings(doc.qr, doc.qr_defaults);
}

/**
 * Saves the doc's settings. Turning the code on (or moving it while on) stamps the newest main PDF
 * right away: an encrypted or unreadable PDF, or a code that does not fit its pages, is refused
 * here with nothing saved, rather than silently going out without a code later.
 */
export async function updateDocQr(
  deps: QrDeps & Pick<Deps, 'realtime'>,
  actor: Actor,
  docId: string,
  settings: DocQrSettings,
): Promise<DocQrDto> {
  const doc = await findDocQr(deps.db, actor, docId);
  if (!doc) throw errors.notFound();
  if (settings.embed) {
    const live = await liveMainPdfs(deps.db, docId);
    // Every PDF in use (current and in preparation) must take the code on its first page …
    for (const pdf of live) {
      const page =
        pdf.pdf_width_mm !== null && pdf.pdf_height_mm !== null
          ? { widthMm: pdf.pdf_width_mm, heightMm: pdf.pdf_height_mm }
          : null;
      if (page && !qrFitsPage(page, settings)) throw errors.qrDoesNotFit();
    }
    // … and the newest is checked now, so a refusal shows here and not at a download: a short file
    // is stamped, every page checked; a long one is checked on its first pages only (reading all of
    // 10,000 pages takes a minute) and stamped at its first download.
    const [newest] = live;
    if (newest) {
      if (newest.is_encrypted) throw errors.qrEncrypted();
      const file = { ...newest, versionId: newest.version_id, officeId: actor.officeId };
      await (
        newest.pdf_pages !== null && newest.pdf_pages <= QR_CHECK_PAGES
          ? stampedCopy(deps, file, settings)
          : checkPlacement(deps, file, settings)
      ).catch((err: unknown) => {
        // Past the QR stamp process's time or memory limit: refused, nothing saved.
        throw err instanceof ModuleProcessOverLimit ? appError('qr.too_complex', 422) : err;
      });
    }
  }
  const own: DocQrSettings = {
    x: settings.x,
    y: settings.y,
    width: settings.width,
    hasBorder: settings.hasBorder,
    embed: settings.embed,
  };
  await updateDocQrColumn(deps.db, docId, JSON.stringify(own));
  await announceChange(deps, actor, { projectId: doc.project_id, entity: 'doc', id: docId });
  return { ...own, isDefault: false };
}

export interface ServedFile {
  storageKey: string;
  size: number;
  sha256: string;
  stamped: boolean;
}

/**
 * What a download streams for a file: the stamped copy of a main PDF whose doc has the code turned
 * on, else the original. A copy that cannot be made (encrypted, damaged, too large, a code that
 * does not fit a later version's pages) falls back to the original, logged: the recipient still
 * gets the plan, never a copy that does not open or hides the code.
 */
export async function servedFile(deps: QrDeps, fileId: string): Promise<ServedFile | null> {
  const ctx = await findStampContext(deps.db, fileId);
  if (!ctx) return null;
  const original = { storageKey: ctx.storage_key, size: Number(ctx.size), sha256: ctx.sha256, stamped: false };
  if (ctx.kind !== 'pdf' || ctx.is_encrypted) return original;
  const settings = effectiveSettings(ctx.qr, ctx.qr_defaults);
  if (!settings.embed) return original;
  try {
    return await stampedCopy(deps, { ...ctx, versionId: ctx.version_id, officeId: ctx.office_id }, settings);
  } catch (err) {
    // Without the original there is nothing to serve either: the caller answers file.missing.
    if (err instanceof StoredObjectMissing) throw err;
    deps.log.warn({ err, fileId }, 'QR stamping failed; serving the original');
    return original;
  }
}

interface StampSource {
  id: string;
  versionId: string;
  officeId: string;
  storage_key: string;
  size: string;
}

/** The placement checked on the file's first pages (checkQrPlacementFile), in the QR stamp process. */
async function checkPlacement(deps: QrDeps, file: StampSource, settings: DocQrSettings): Promise<void> {
  if (Number(file.size) > STAMP_LIMIT_BYTES) throw errors.qrTooLarge();
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const input = path.join(tmpDir, `qr-check-${randomUUID()}.pdf`);
  try {
    await pipeline(await deps.storage.read(file.storage_key), fs.createWriteStream(input));
    const placement = { x: settings.x, y: settings.y, width: settings.width, hasBorder: settings.hasBorder };
    await checkQrPlacementInChild(input, placement, file.officeId);
  } finally {
    await fsp.rm(input, { force: true });
  }
}

async function stampedCopy(deps: QrDeps, file: StampSource, settings: DocQrSettings): Promise<ServedFile> {
  const url = qrUrl(deps.config.publicUrl, await versionQrToken(deps, file.versionId));
  const placement = { x: settings.x, y: settings.y, width: settings.width, hasBorder: settings.hasBorder };
  const stampKey = createHash('sha256')
    .update(JSON.stringify({ v: STAMP_LAYOUT_VERSION, url, ...placement }))
    .digest('hex');
  const cached = await findStampedFile(deps.db, file.id, stampKey);
  if (cached && (await isStored(deps, cached.storage_key)))
    return { storageKey: cached.storage_key, size: Number(cached.size), sha256: cached.sha256, stamped: true };
  // A copy lost from storage is only a cache: it is made again from the original.
  if (cached) await deleteStampedFile(deps.db, file.id, stampKey);
  // This copy could not be made before: the same file and placement would fail the same way (a
  // 100,000-page set would hold the stamp process up to its limit again on every download).
  const failed = await findStampFailure(deps.db, file.id, stampKey);
  if (failed) throw appError(isMsgCode(failed.reason) ? failed.reason : 'qr.too_complex', 422);

  // The copy is made in memory (in the PDF process): larger files are refused before they are read.
  if (Number(file.size) > STAMP_LIMIT_BYTES) throw errors.qrTooLarge();
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const input = path.join(tmpDir, `qr-${randomUUID()}.original.pdf`);
  const tmp = path.join(tmpDir, `qr-${randomUUID()}.pdf`);
  let copy: { size: number; sha256: string };
  try {
    await pipeline(await deps.storage.read(file.storage_key), fs.createWriteStream(input));
    copy = await stampQrFileInChild(input, tmp, url, placement, file.officeId);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    // Past the stamp process's limits, or a file the stamp refuses (encrypted, does not fit,
    // unreadable): remembered for this file and placement. A crash is not the file's fault: tried again.
    const reason = err instanceof ModuleProcessOverLimit ? 'qr.too_complex' : isAppError(err) ? err.msgCode : undefined;
    if (reason) await insertStampFailure(deps.db, file.id, stampKey, reason);
    throw err;
  } finally {
    await fsp.rm(input, { force: true });
  }
  const stored = await deps.storage.adopt(tmp, copy);
  const inserted = await insertStampedFile(deps.db, {
    fileId: file.id,
    stampKey,
    storageKey: stored.key,
    size: copy.size,
    sha256: copy.sha256,
  });
  if (!inserted) {
    await deps.storage.remove(stored.key);
    const winner = await findStampedFile(deps.db, file.id, stampKey);
    if (winner)
      return { storageKey: winner.storage_key, size: Number(winner.size), sha256: winner.sha256, stamped: true };
  }
  await removeOtherStamps(deps, file.id, stampKey);
  return { storageKey: stored.key, size: copy.size, sha256: copy.sha256, stamped: true };
}

const isStored = (deps: Pick<QrDeps, 'storage'>, key: string) =>
  deps.storage.size(key).then(
    () => true,
    (err: unknown) => {
      if (err instanceof StoredObjectMissing) return false;
      throw err;
    },
  );

async function removeOtherStamps(deps: QrDeps, fileId: string, keepStampKey: string) {
  for (const old of await deleteOtherStampedFiles(deps.db, fileId, keepStampKey)) {
    await deps.storage
      .remove(old.storage_key)
      .catch((err: unknown) => deps.log.warn({ err, key: old.storage_key }, 'removing an old QR copy failed'));
  }
}

/** The public page of a scanned code: unknown and malformed tokens answer the same 404. */
export async function qrPublicPage({ db }: Pick<Deps, 'db'>, token: string): Promise<QrPublicDto> {
  if (!isWellFormedSecret(token)) throw errors.notFound();
  const row = await findByQrToken(db, sha256(token));
  if (!row) throw errors.notFound();
  return {
    office: { company: row.company },
    doc: { number: row.number, name: row.name },
    scanned: {
      index: row.index,
      releaseDate: row.release_date?.toISOString() ?? null,
      state: row.status === 'current' ? 'current' : row.status === 'preparation' ? 'preparation' : 'outdated',
    },
    current:
      row.current_index === null
        ? null
        : { index: row.current_index, releaseDate: row.current_release_date?.toISOString() ?? null },
  };
}
