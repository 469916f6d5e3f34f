import fsp from 'node:fs/promises';
import type { Actor } from '../offices/access.ts';
import { errors, type Locale } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { buildPdf, type PdfRendered } from '../../pdf/pdf-document.ts';
import { findParticipant } from '../participants/queries.ts';
import { participantName } from '../participants/dto.ts';
import { downloadsOfMails } from '../timeline/queries.ts';
import { loadPrintFrame } from './print-frame.ts';
import { findOwnedProject } from './print-queries.ts';
import { transmittalCsv } from './transmittal-csv.ts';
import { transmittalData, type TransmittalInput } from './transmittal-data.ts';
import {
  transmittalDoc,
  transmittalMails,
  transmittalReminders,
  transmittalUnsent,
  type TransmittalScope,
} from './transmittal-queries.ts';

export interface TransmittalParams {
  actor: Actor;
  projectId: string;
  participantId?: string | undefined;
  docId?: string | undefined;
  locale: Locale;
  timeZone?: string | undefined;
}

/** The record's rows; another office's project, participant or plan: 404. */
async function loadTransmittal(db: Db, params: TransmittalParams): Promise<TransmittalInput> {
  const project = await findOwnedProject(db, params.actor, params.projectId);
  if (!project) throw errors.notFound();
  let scope: TransmittalScope;
  let subject: TransmittalInput['subject'];
  if (params.participantId) {
    const participant = await findParticipant(db, params.actor, params.participantId);
    if (!participant || participant.project_id !== project.id) throw errors.notFound();
    scope = { participantId: participant.id };
    subject = {
      kind: 'participant',
      name: participantName(participant),
      company: participant.company,
      email: participant.email,
    };
  } else {
    const doc = params.docId ? await transmittalDoc(db, project.id, params.docId) : undefined;
    if (!doc) throw errors.notFound();
    scope = { docId: doc.id };
    subject = { kind: 'plan', docId: doc.id, number: doc.number, name: doc.name };
  }
  const [mails, unsent, frame] = await Promise.all([
    transmittalMails(db, project.id, scope),
    transmittalUnsent(db, project.id, scope),
    loadPrintFrame(db, params, project),
  ]);
  const recipientIds = [
    ...new Set(mails.map((m) => m.data.recipientId).filter((id): id is string => typeof id === 'string')),
  ];
  const [downloads, reminders] = await Promise.all([
    downloadsOfMails(db, project.id, recipientIds),
    transmittalReminders(db, project.id, recipientIds),
  ]);
  return { frame, subject, mails, unsent, downloads, reminders };
}

/** The transmittal record as PDF: the queries here, building and drawing in the render thread. */
export async function writeTransmittalPdf(db: Db, params: TransmittalParams, filename: string): Promise<PdfRendered> {
  const input = await loadTransmittal(db, params);
  return buildPdf({ builder: 'transmittal', input }, filename);
}

/** The transmittal record as CSV for spreadsheets: a few hundred lines, written right here. */
export async function writeTransmittalCsv(db: Db, params: TransmittalParams, filename: string): Promise<void> {
  const data = transmittalData(await loadTransmittal(db, params));
  await fsp.writeFile(filename, transmittalCsv(data), 'utf8');
}
