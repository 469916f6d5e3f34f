import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appError, errors, type TitleBlockReading } from '@plankurier/shared';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../offices/access.ts';
import { findProject } from '../projects/queries.ts';
import { ModuleProcessOverLimit } from '../../pdf/pdf-process.ts';
import { readTitleBlockInChild, TITLE_BLOCK_MAX_BYTES } from './title-block.ts';

const TOO_LARGE = appError('upload.too_large', 413);

/**
 * The title block of a PDF the office dropped whose name said nothing: the body streams to a
 * scratch file (never whole in memory), the PDF process reads page 1, the file goes. The answer is a
 * suggestion; nothing is stored.
 */
export async function readPostedTitleBlock(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  projectId: string,
  body: Readable,
): Promise<{ reading: TitleBlockReading | null }> {
  if (!(await findProject(db, actor, projectId))) {
    body.resume();
    throw errors.notFound();
  }
  const dir = path.join(config.dataDir, 'title-blocks');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.pdf`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > TITLE_BLOCK_MAX_BYTES ? TOO_LARGE : null, chunk);
    },
  });
  try {
    await pipeline(body, counter, fs.createWriteStream(file));
    const { opened, reading } = await readTitleBlockInChild(file, size, actor.officeId).catch((err: unknown) => {
      // Past the PDF process's time or memory limit: a 422, not a server error.
      throw err instanceof ModuleProcessOverLimit ? appError('upload.too_complex', 422) : err;
    });
    if (!opened) throw appError('upload.not_a_pdf', 415);
    return { reading };
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
