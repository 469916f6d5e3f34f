import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  errors,
  filesForSubscription,
  pageFormat,
  subscriptionDeliverState,
  type FileKind,
  type Locale,
} from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { writePdf, type PdfDocument } from '../../pdf/pdf-document.ts';
import { participantName } from '../participants/dto.ts';
import { listShipmentsForProject } from '../shipments/queries.ts';
import { loadDownloadedFiles, loadSentFiles } from '../subscriptions/deliver-state.ts';
import {
  currentFilesOfProject,
  currentVersionsOfProject,
  docsInListOrder,
  findOwnedFolder,
  findOwnedProject,
  participantsInListOrder,
  subscriptionsOfProject,
} from './print-queries.ts';
import { COLORS, listTableLayout, printDocument, th, type PrintFrame } from './print-layout.ts';
import { printClock } from './print-clock.ts';
import { letterheadOf, type PrintProgress } from './print-frame.ts';
import { printTexts, type PrintTexts } from './print-texts.ts';

export interface PlanListParams {
  officeId: string;
  projectId: string;
  /** One folder; absent: the whole project. */
  folderId?: string | undefined;
  locale: Locale;
  /** IANA zone of the dates printed; Europe/Berlin when absent. */
  timeZone?: string | undefined;
}

/** Up to this many participants the transmittal sits in the plan table; more get their own tables. */
const INLINE_PARTICIPANTS = 6;
/** Participant columns per transmittal table on a landscape page. */
const PARTICIPANTS_PER_TABLE = 14;

interface PlanFile {
  id: string;
  kind: FileKind;
  filename: string;
  pdf_width_mm: number | null;
  pdf_height_mm: number | null;
}

interface PlanRow {
  id: string;
  number: string;
  name: string;
  groupLabel: string;
  index: string | null;
  releaseDate: Date | null;
  files: PlanFile[];
  /** Paper copies sent by courier (shipments), oldest first. */
  shipments: ShipmentLine[];
}

interface ShipmentLine {
  /** YYYY-MM-DD */
  date: string;
  quantity: number;
  participant: string;
  courier: string;
  trackingId: string;
  index: string;
}

/** One transmittal cell: the delivery dot and, once sent, the download ring. */
interface TransmittalCell {
  subscribed: boolean;
  deliver: 'GREEN' | 'RED' | 'GRAY';
  downloaded: 'GREEN' | 'RED' | null;
}

export interface PlanListData {
  frame: Omit<PrintFrame, 'title' | 'orientation'>;
  folderLabel: string | null;
  plans: PlanRow[];
  participants: { id: string; name: string; company: string }[];
  cell: (docId: string, participantId: string) => TransmittalCell;
}

/** Everything the plan list shows, read in a handful of project-wide queries and joined in memory. */
export async function loadPlanList(db: Db, params: PlanListParams): Promise<PlanListData> {
  const project = await findOwnedProject(db, params.officeId, params.projectId);
  if (!project) throw errors.notFound();
  const folder = params.folderId ? await findOwnedFolder(db, params.officeId, project.id, params.folderId) : undefined;
  if (params.folderId && !folder) throw errors.notFound();
  const [docs, versions, files, participants, subs, sent, downloaded, letterhead, shipments] = await Promise.all([
    docsInListOrder(db, project.id, params.folderId),
    currentVersionsOfProject(db, project.id),
    currentFilesOfProject(db, project.id),
    participantsInListOrder(db, project.id),
    subscriptionsOfProject(db, project.id),
    loadSentFiles(db, project.id),
    loadDownloadedFiles(db, project.id),
    letterheadOf(db, params.officeId),
    listShipmentsForProject(db, params.officeId, project.id),
  ]);

  const shipmentsOfDoc = new Map<string, ShipmentLine[]>();
  for (const s of shipments) {
    const line = {
      date: s.date,
      quantity: s.quantity,
      participant: s.participant.name,
      courier: s.courierService,
      trackingId: s.trackingId,
      index: s.version.index,
    };
    shipmentsOfDoc.set(s.doc._id, [...(shipmentsOfDoc.get(s.doc._id) ?? []), line]);
  }
  const versionOfDoc = new Map(versions.map((v) => [v.doc_id, v]));
  const filesOfDoc = new Map<string, PlanFile[]>();
  for (const f of files) {
    const list = filesOfDoc.get(f.doc_id);
    if (list) list.push(f);
    else filesOfDoc.set(f.doc_id, [f]);
  }
  const plans: PlanRow[] = docs.map((d) => {
    const version = versionOfDoc.get(d.id);
    return {
      id: d.id,
      number: d.number,
      name: d.name,
      groupLabel: `${d.phase_shortcut} · ${d.folder_name}`,
      index: version?.index ?? null,
      releaseDate: version?.release_date ?? null,
      files: version ? (filesOfDoc.get(d.id) ?? []) : [],
      shipments: shipmentsOfDoc.get(d.id) ?? [],
    };
  });

  const docIds = new Set(docs.map((d) => d.id));
  const subOf = new Map<string, { getsPdf: boolean; getsTec: boolean }>();
  for (const s of subs) {
    if (docIds.has(s.doc_id))
      subOf.set(`${s.doc_id}:${s.participant_id}`, { getsPdf: s.gets_pdf, getsTec: s.gets_tec });
  }
  const recipients = new Set([...subOf.keys()].map((key) => key.split(':')[1]));
  const nothing: ReadonlySet<string> = new Set();
  const currentOf = new Map<string, { _id: string; kind: FileKind }[] | null>();
  for (const d of docs) {
    currentOf.set(
      d.id,
      versionOfDoc.has(d.id) ? (filesOfDoc.get(d.id) ?? []).map((f) => ({ _id: f.id, kind: f.kind })) : null,
    );
  }
  const cell = (docId: string, participantId: string): TransmittalCell => {
    const sub = subOf.get(`${docId}:${participantId}`) ?? null;
    const current = currentOf.get(docId) ?? null;
    const sentFiles = sent.get(participantId) ?? nothing;
    const deliver = subscriptionDeliverState(sub, current, sentFiles);
    // Download of the current index: the current files this participant was sent.
    const sentCurrent = (sub && current ? filesForSubscription(sub, current) : (current ?? [])).filter((f) =>
      sentFiles.has(f._id),
    );
    const got = downloaded.get(participantId) ?? nothing;
    const downloadedState =
      sentCurrent.length === 0 ? null : sentCurrent.every((f) => got.has(f._id)) ? 'GREEN' : 'RED';
    return { subscribed: sub !== null, deliver, downloaded: downloadedState };
  };

  return {
    frame: {
      locale: params.locale,
      letterhead,
      project: { number: project.number, name: project.name },
      scope: '',
      printedAt: new Date(),
      clock: printClock(params.locale, params.timeZone),
    },
    folderLabel: folder ? `${folder.phase_shortcut} · ${folder.name}` : null,
    plans,
    participants: participants
      .filter((p) => recipients.has(p.id))
      .map((p) => ({ id: p.id, name: participantName(p), company: p.company })),
    cell,
  };
}

const FORMAT_LABELS: Record<FileKind, string> = { pdf: 'PDF', dwg: 'DWG', dxf: 'DXF', addon: 'PDF' };

function sizeOf(file: PlanFile | undefined): string {
  if (!file || file.pdf_width_mm === null || file.pdf_height_mm === null) return '';
  return (
    pageFormat(file.pdf_width_mm, file.pdf_height_mm) ??
    `${Math.round(file.pdf_width_mm)}×${Math.round(file.pdf_height_mm)}`
  );
}

const DOT_COLORS = { GREEN: COLORS.green, RED: COLORS.red, GRAY: COLORS.gray } as const;

/** Cells are many (plans × participants): one text run where there is no ring keeps layout quick. */
function transmittalCell(state: TransmittalCell) {
  if (!state.subscribed && state.downloaded === null) return { text: '–', color: COLORS.gray };
  const dot = DOT_COLORS[state.deliver];
  if (!state.downloaded) return { text: '●', color: dot };
  return {
    text: [
      { text: '●', color: dot },
      { text: ' ○', color: DOT_COLORS[state.downloaded] },
    ],
  };
}

function participantHeader(p: { name: string; company: string }): TableCell {
  return {
    stack: [
      { text: p.name, bold: true, fontSize: 6.5, color: COLORS.muted },
      p.company && p.company !== p.name ? { text: p.company, fontSize: 6, color: COLORS.muted } : '',
    ],
    alignment: 'center',
  };
}

/** A calendar day (YYYY-MM-DD) in the language's order, as the web writes dates. */
function dayText(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return locale === 'de' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

function shipmentText(s: ShipmentLine, t: PrintTexts, locale: Locale): string {
  const courier = [s.courier, s.trackingId].filter(Boolean).join(' ');
  return `${t.shipment}: ${dayText(s.date, locale)} · ${s.quantity}× ${s.participant}${courier ? ` · ${courier}` : ''} (${t.index} ${s.index})`;
}

function nameCell(plan: PlanRow, t: PrintTexts, locale: Locale): TableCell {
  const addOns = plan.files.filter((f) => f.kind === 'addon');
  return {
    stack: [
      { text: plan.name, bold: true },
      ...(plan.index === null ? [{ text: t.noCurrentVersion, italics: true, color: COLORS.muted, fontSize: 7.5 }] : []),
      ...addOns.map((f) => ({
        text: [
          { text: `${t.addOn}: `, color: COLORS.muted },
          f.filename,
          sizeOf(f) ? { text: ` (${sizeOf(f)})`, color: COLORS.muted } : '',
        ],
        fontSize: 7.5,
      })),
      ...plan.shipments.map((s) => ({ text: shipmentText(s, t, locale), fontSize: 7.5, color: COLORS.muted })),
    ],
  };
}

function formatsOf(plan: PlanRow): string {
  const kinds = [...new Set(plan.files.filter((f) => f.kind !== 'addon').map((f) => FORMAT_LABELS[f.kind]))];
  return kinds.join(' ');
}

/** The plan table: one row per doc under a row per phase and folder, the header repeated on every page. */
function planTable(data: PlanListData, t: PrintTexts, inline: PlanListData['participants']): Content {
  const columns = 6 + inline.length;
  const header: TableCell[] = [
    th(t.number),
    th(t.name),
    th(t.index),
    th(t.releaseDate),
    th(t.formats),
    th(t.pageSize),
    ...inline.map(participantHeader),
  ];
  const body: TableCell[][] = [header];
  let group: string | null = null;
  for (const plan of data.plans) {
    if (plan.groupLabel !== group) {
      group = plan.groupLabel;
      body.push([
        { text: group, colSpan: columns, bold: true, color: COLORS.accent, fillColor: '#f8fafc', margin: [0, 2, 0, 0] },
        ...Array.from({ length: columns - 1 }, () => ''),
      ]);
    }
    const main = plan.files.find((f) => f.kind === 'pdf');
    body.push([
      { text: plan.number, bold: true },
      nameCell(plan, t, data.frame.locale),
      { text: plan.index ?? '–', alignment: 'center', bold: true },
      plan.releaseDate ? data.frame.clock.date(plan.releaseDate) : '',
      formatsOf(plan),
      sizeOf(main),
      ...inline.map((p) => ({ ...transmittalCell(data.cell(plan.id, p.id)), alignment: 'center' as const })),
    ]);
  }
  if (data.plans.length === 0) {
    body.push([
      { text: t.empty, colSpan: columns, italics: true, color: COLORS.muted },
      ...Array.from({ length: columns - 1 }, () => ''),
    ]);
  }
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [70, '*', 30, 48, 52, 34, ...inline.map(() => 64)],
      body,
    },
    layout: listTableLayout,
  };
}

/** Many participants: the transmittal as its own tables, 14 participants side by side each. */
function transmittalTables(data: PlanListData, t: PrintTexts): Content[] {
  const out: Content[] = [];
  for (let start = 0; start < data.participants.length; start += PARTICIPANTS_PER_TABLE) {
    const chunk = data.participants.slice(start, start + PARTICIPANTS_PER_TABLE);
    const body: TableCell[][] = [[th(t.number, { alignment: 'left' }), th(t.index), ...chunk.map(participantHeader)]];
    for (const plan of data.plans) {
      body.push([
        { text: plan.number, bold: true, alignment: 'left', fontSize: 8.5 },
        { text: plan.index ?? '–', fontSize: 8.5 },
        ...chunk.map((p) => transmittalCell(data.cell(plan.id, p.id))),
      ]);
    }
    out.push({
      pageBreak: 'before',
      stack: [
        {
          text: `${t.transmittal} (${start + 1}–${start + chunk.length} / ${data.participants.length})`,
          fontSize: 12,
          bold: true,
          margin: [0, 0, 0, 6],
        },
        {
          // Rows of one line: no need for pdfmake's costly unbreakable-row handling.
          table: { headerRows: 1, widths: [70, 30, ...chunk.map(() => '*')], body },
          // Inherited by the many dot cells instead of set on each: fewer style lookups in layout.
          alignment: 'center',
          fontSize: 9,
          layout: listTableLayout,
        },
      ],
    });
  }
  return out;
}

export function planListDocument(data: PlanListData): PdfDocument {
  const t = printTexts(data.frame.locale);
  const inline = data.participants.length <= INLINE_PARTICIPANTS ? data.participants : [];
  const content: Content[] = [planTable(data, t, inline)];
  if (inline.length === 0 && data.participants.length > 0) content.push(...transmittalTables(data, t));
  if (data.participants.length > 0) {
    content.push({ text: t.transmittalLegend, fontSize: 7, color: COLORS.muted, margin: [0, 8, 0, 0] });
  }
  const scope = `${data.folderLabel ?? t.wholeProject} · ${t.plans(data.plans.length)}`;
  return printDocument({ ...data.frame, title: t.planList, orientation: 'landscape', scope }, content);
}

/**
 * Writes the plan list PDF of a project (or one folder) into `filename`: A4 landscape, letterhead,
 * one row per plan with index, release date, formats, page size and add-ons, and the transmittal
 * (sent / downloaded per participant). Another office's project or folder: 404 (AppError).
 */
export async function writePlanListPdf(
  db: Db,
  params: PlanListParams,
  filename: string,
  progress?: PrintProgress,
): Promise<void> {
  const data = await loadPlanList(db, params);
  const { pageCount } = await writePdf(planListDocument(data), filename);
  progress?.onPageCount?.(pageCount);
}
