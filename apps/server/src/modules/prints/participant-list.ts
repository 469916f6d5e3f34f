import type { Content, TableCell } from 'pdfmake/interfaces';
import { errors, type Locale } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { writePdf } from '../../pdf/pdf-document.ts';
import { participantName } from '../participants/dto.ts';
import { printClock } from './print-clock.ts';
import { letterheadOf, type PrintProgress } from './print-frame.ts';
import { COLORS, listTableLayout, printDocument, th } from './print-layout.ts';
import { findOwnedProject, participantsInListOrder, roleNamesOfProject } from './print-queries.ts';
import { printTexts } from './print-texts.ts';

export interface ParticipantListParams {
  officeId: string;
  projectId: string;
  /** One participant; absent: the whole list. */
  participantId?: string | undefined;
  locale: Locale;
  timeZone?: string | undefined;
}

/**
 * The participant list PDF: A4 portrait, one row per participant under its folder with name,
 * company, e-mail, roles and the formats the contact needs.
 */
export async function writeParticipantListPdf(
  db: Db,
  params: ParticipantListParams,
  filename: string,
  progress?: PrintProgress,
): Promise<void> {
  const project = await findOwnedProject(db, params.officeId, params.projectId);
  if (!project) throw errors.notFound();
  const [participants, roles, letterhead] = await Promise.all([
    participantsInListOrder(db, project.id, params.participantId),
    roleNamesOfProject(db, project.id),
    letterheadOf(db, params.officeId),
  ]);
  if (params.participantId && participants.length === 0) throw errors.notFound();
  const t = printTexts(params.locale);
  const rolesOf = new Map<string, string[]>();
  for (const r of roles) rolesOf.set(r.participant_id, [...(rolesOf.get(r.participant_id) ?? []), r.name]);

  const body: TableCell[][] = [[th(t.folder), th(t.name), th(t.company), th(t.email), th(t.roles), th(t.formats)]];
  let folder: string | null = null;
  for (const p of participants) {
    const name = participantName(p);
    const formats = [p.needs_pdf ? t.pdf : '', p.needs_tec ? t.tec : ''].filter(Boolean).join('\n');
    body.push([
      p.folder_name === folder ? '' : { text: p.folder_name, bold: true, color: COLORS.accent },
      { text: name, bold: true },
      p.company === name ? '' : p.company,
      p.email,
      (rolesOf.get(p.id) ?? []).join(', '),
      formats,
    ]);
    folder = p.folder_name;
  }
  if (participants.length === 0) {
    body.push([{ text: t.empty, colSpan: 6, italics: true, color: COLORS.muted }, '', '', '', '', '']);
  }
  const content: Content[] = [
    {
      fontSize: 8,
      table: { headerRows: 1, dontBreakRows: true, widths: [55, '*', 88, 125, 75, 42], body },
      layout: listTableLayout,
    },
  ];
  const scope =
    params.participantId && participants[0] ? participantName(participants[0]) : t.participants(participants.length);
  const document = printDocument(
    {
      locale: params.locale,
      orientation: 'portrait',
      letterhead,
      project: { number: project.number, name: project.name },
      title: t.participantList,
      scope,
      printedAt: new Date(),
      clock: printClock(params.locale, params.timeZone),
    },
    content,
  );
  const { pageCount } = await writePdf(document, filename);
  progress?.onPageCount?.(pageCount);
}
