import { participantListDocument } from '../modules/prints/participant-list-document.ts';
import { planListDocumentOf } from '../modules/prints/plan-list-document.ts';
import { timelineDocument } from '../modules/prints/timeline-document.ts';
import { transmittalDocumentOf } from '../modules/prints/transmittal-document.ts';
import type { PdfDocument } from './pdf-types.ts';

/**
 * Documents the render thread builds itself from plain rows: for a 2,000-plan list the building
 * alone takes a large part of a second, which must not stall the server's event loop either. The
 * server imports only the types of this module; the render thread imports the builders.
 */
const DOCUMENT_BUILDERS = {
  planList: planListDocumentOf,
  participantList: participantListDocument,
  timeline: timelineDocument,
  transmittal: transmittalDocumentOf,
};

type Builders = typeof DOCUMENT_BUILDERS;

/** A document as its builder's name and its input (structured-clonable: rows, dates, no functions). */
export type DocumentSource = {
  [Name in keyof Builders]: { builder: Name; input: Parameters<Builders[Name]>[0] };
}[keyof Builders];

export function buildDocument(source: DocumentSource): PdfDocument {
  const build = DOCUMENT_BUILDERS[source.builder] as (input: DocumentSource['input']) => PdfDocument;
  return build(source.input);
}
