import type { Actor } from '../offices/access.ts';
import { errors, type Locale, type TimelineFilterParams } from '@plankurier/shared';
import type { Db } from '../../db/index.ts';
import { buildPdf, type PdfRendered } from '../../pdf/pdf-document.ts';
import { timelineEvents } from '../timeline/queries.ts';
import { loadPrintFrame } from './print-frame.ts';
import { findOwnedProject } from './print-queries.ts';

export interface TimelinePrintParams {
  actor: Actor;
  projectId: string;
  filter: TimelineFilterParams;
  /** One tab of the timeline; absent: both. */
  eventType?: 'DOC' | 'EMAIL' | undefined;
  locale: Locale;
  timeZone?: string | undefined;
}

/** A print is a record, not a screen: this many events of each type at most. */
const MAX_EVENTS = 5000;

/**
 * Writes the timeline PDF (timeline-document.ts) with the web's current filters into `filename`:
 * this thread runs the queries, the render thread builds and draws. Another office's project: 404.
 */
export async function writeTimelinePdf(db: Db, params: TimelinePrintParams, filename: string): Promise<PdfRendered> {
  const project = await findOwnedProject(db, params.actor, params.projectId);
  if (!project) throw errors.notFound();
  const page = { limit: MAX_EVENTS, skip: 0 };
  const events = (type: 'DOC' | 'EMAIL') => timelineEvents(db, params.actor, project.id, type, params.filter, page);
  const [docEvents, emailEvents, frame] = await Promise.all([
    params.eventType === 'EMAIL' ? undefined : events('DOC'),
    params.eventType === 'DOC' ? undefined : events('EMAIL'),
    loadPrintFrame(db, params, project),
  ]);
  const input = { frame, filter: params.filter, docEvents, emailEvents };
  return buildPdf({ builder: 'timeline', input }, filename);
}
