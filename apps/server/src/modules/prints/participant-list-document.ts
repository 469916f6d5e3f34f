import type { Content, TableCell } from 'pdfmake/interfaces';
import type { PdfDocument } from '../../pdf/pdf-types.ts';
import { participantName } from '../participants/dto.ts';
import { COLORS, listTableLayout, printDocument, th, type PrintFrameData } from './print-layout.ts';
import type { participantsInListOrder, roleNamesOfProject } from './print-queries.ts';
import { printTexts } from './print-texts.ts';

/** The participant list as the queries read it (structured-clonable rows for the render thread). */
export interface ParticipantListInput {
  frame: PrintFrameData;
  /** The print covers this one participant (the only row); absent: the whole list. */
  participantId?: string | undefined;
  participants: Awaited<ReturnType<typeof participantsInListOrder>>;
  roles: Awaited<ReturnType<typeof roleNamesOfProject>>;
}

/**
 * The participant list PDF: A4 portrait, one row per participant under its folder with name,
 * company, e-mail, roles and the formats the contact needs.
 */
export function participantListDocument(input: ParticipantListInput): PdfDocument {
  const { frame, participants } = input;
  const t = printTexts(frame.locale);
  const rolesOf = new Map<string, string[]>();
  for (const r of input.roles) rolesOf.set(r.participant_id, [...(rolesOf.get(r.participant_id) ?? []), r.name]);

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
    input.participantId && participants[0] ? participantName(participants[0]) : t.participants(participants.length);
  return printDocument({ ...frame, orientation: 'portrait', title: t.participantList, scope }, content);
}
