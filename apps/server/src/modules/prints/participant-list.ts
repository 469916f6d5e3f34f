import type { Actor } from '../offices/access.ts';
import { errors, type Locale } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { buildPdf, type PdfRendered } from '../../pdf/pdf-document.ts';
import { loadPrintFrame } from './print-frame.ts';
import { findOwnedProject, participantsInListOrder, roleNamesOfProject } from './print-queries.ts';

export interface ParticipantListParams {
  actor: Actor;
  projectId: string;
  /** One participant; absent: the whole list. */
  participantId?: string | undefined;
  locale: Locale;
  timeZone?: string | undefined;
}

/**
 * Writes the participant list PDF (participant-list-document.ts) into `filename`: this thread runs
 * the queries, the render thread builds and draws. Another office's project or participant: 404.
 */
export async function writeParticipantListPdf(
  db: Db,
  params: ParticipantListParams,
  filename: string,
): Promise<PdfRendered> {
  const project = await findOwnedProject(db, params.actor, params.projectId);
  if (!project) throw errors.notFound();
  const [participants, roles, frame] = await Promise.all([
    participantsInListOrder(db, project.id, params.participantId),
    roleNamesOfProject(db, project.id),
    loadPrintFrame(db, params, project),
  ]);
  if (params.participantId && participants.length === 0) throw errors.notFound();
  const input = { frame, participantId: params.participantId, participants, roles };
  return buildPdf({ builder: 'participantList', input }, filename);
}
