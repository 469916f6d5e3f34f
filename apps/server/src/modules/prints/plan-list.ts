import type { Actor } from '../offices/access.ts';
import { errors, type Locale } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { buildPdf, type PdfRendered } from '../../pdf/pdf-document.ts';
import { listShipmentsForProject } from '../shipments/queries.ts';
import { loadReceiptFiles } from '../receipts/receipt-state.ts';
import { loadDownloadedFiles, loadSentFiles } from '../subscriptions/deliver-state.ts';
import { planListData, type PlanListData, type PlanListInput } from './plan-list-data.ts';
import { loadPrintFrame } from './print-frame.ts';
import {
  currentFilesOfProject,
  currentVersionsOfProject,
  docsInListOrder,
  findOwnedFolder,
  findOwnedProject,
  participantsInListOrder,
  subscriptionListsOfProject,
} from './print-queries.ts';

export interface PlanListParams {
  actor: Actor;
  projectId: string;
  /** One folder; absent: the whole project. */
  folderId?: string | undefined;
  locale: Locale;
  /** IANA zone of the dates printed; Europe/Berlin when absent. */
  timeZone?: string | undefined;
}

/**
 * Everything the plan list shows, read in a handful of project-wide queries and left as rows: the
 * render thread joins and lays them out. Another office's project or folder: 404 (AppError).
 */
export async function loadPlanListInput(db: Db, params: PlanListParams): Promise<PlanListInput> {
  const project = await findOwnedProject(db, params.actor, params.projectId);
  if (!project) throw errors.notFound();
  const folder = params.folderId ? await findOwnedFolder(db, params.actor, project.id, params.folderId) : undefined;
  if (params.folderId && !folder) throw errors.notFound();
  const [docs, versions, files, participants, subscriptions, sent, downloaded, receipts, frame, shipments] =
    await Promise.all([
      docsInListOrder(db, project.id, params.folderId),
      currentVersionsOfProject(db, project.id),
      currentFilesOfProject(db, project.id),
      participantsInListOrder(db, project.id),
      subscriptionListsOfProject(db, project.id),
      loadSentFiles(db, project.id),
      loadDownloadedFiles(db, project.id),
      loadReceiptFiles(db, project.id),
      loadPrintFrame(db, params, project),
      listShipmentsForProject(db, params.actor, project.id),
    ]);
  const folderLabel = folder ? `${folder.phase_shortcut} · ${folder.name}` : null;
  return {
    frame,
    folderLabel,
    docs,
    versions,
    files,
    participants,
    subscriptions,
    sent,
    downloaded,
    receipts,
    shipments,
  };
}

/** The plan list joined as the render thread joins it (tests read the transmittal from it). */
export async function loadPlanList(db: Db, params: PlanListParams): Promise<PlanListData> {
  return planListData(await loadPlanListInput(db, params));
}

/**
 * Writes the plan list PDF of a project (or one folder) into `filename`: A4 landscape, letterhead,
 * one row per plan with index, release date, formats, page size and add-ons, and the transmittal
 * (sent / downloaded / confirmed per participant). This thread only runs the queries; the render thread builds
 * and draws the document. Another office's project or folder: 404 (AppError).
 */
export async function writePlanListPdf(db: Db, params: PlanListParams, filename: string): Promise<PdfRendered> {
  const input = await loadPlanListInput(db, params);
  return buildPdf({ builder: 'planList', input }, filename);
}
