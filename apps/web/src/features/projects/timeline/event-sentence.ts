import type { TimelineEventDto } from '@plankurier/shared';

/** A sentence parameter: plain text, a count (plural forms), or an i18n key that is translated before it is put in. */
export type SentenceParam = string | number | { key: string };

/** The i18n key of a timeline event's sentence and what goes into it. */
export interface EventSentence {
  key: string;
  params: Record<string, SentenceParam>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** 'A-101 Grundriss EG', or only the number when the name is empty. */
export const docLabel = (doc: { number: string; name: string } | null): string =>
  doc ? [doc.number, doc.name].filter(Boolean).join(' ') : '';

const FORMAT_KEYS: Record<string, string> = {
  PDF_ONLY: 'timeline.formats.pdf',
  TEC_ONLY: 'timeline.formats.tec',
  PDF_AND_TEC: 'timeline.formats.pdfAndTec',
};

/**
 * The sentence of a DOC event (spec §3 Timeline): 'Version C von A-101 Grundriss EG freigegeben',
 * 'Datei plan.pdf hochgeladen', 'Jonas Weber als Beteiligter hinzugefügt', 'Abo von A-101 für
 * Jonas Weber: PDF und DWG/DXF'. Names come from the event's doc, version and file, else its data.
 */
export function eventSentence(event: TimelineEventDto): EventSentence {
  const data = event.data;
  const doc =
    docLabel(event.doc) ||
    docLabel({ number: text(data.docNumber) || text(data.number), name: text(data.docName) || text(data.name) });
  const index = event.version?.index || text(data.index);
  const filename = event.file?.filename || text(data.filename);
  const participant = text(data.participant);
  switch (event.kind) {
    case 'doc.created':
    case 'doc.deleted': {
      const what = data.doctype === 'data' ? 'Data' : 'Plan';
      return {
        key: `timeline.kind.${event.kind === 'doc.created' ? 'docCreated' : 'docDeleted'}${what}`,
        params: { doc },
      };
    }
    case 'version.prepared':
      return { key: 'timeline.kind.versionPrepared', params: { index, doc } };
    case 'version.released':
      return { key: 'timeline.kind.versionReleased', params: { index, doc } };
    case 'version.deleted':
      return { key: 'timeline.kind.versionDeleted', params: { index, doc } };
    case 'file.uploaded':
      return { key: 'timeline.kind.fileUploaded', params: { filename } };
    case 'file.deleted':
      return { key: 'timeline.kind.fileDeleted', params: { filename } };
    case 'participant.added':
      return { key: 'timeline.kind.participantAdded', params: { participant } };
    case 'participant.removed':
      return { key: 'timeline.kind.participantRemoved', params: { participant } };
    case 'participant.email_changed':
      return {
        key: 'timeline.kind.participantEmailChanged',
        params: { participant, from: text(data.from), to: text(data.to) },
      };
    case 'subscription.changed': {
      const number = event.doc?.number || text(data.docNumber);
      const formatKey = typeof data.formats === 'string' ? FORMAT_KEYS[data.formats] : undefined;
      return formatKey
        ? {
            key: 'timeline.kind.subscriptionChanged',
            params: { doc: number, participant, formats: { key: formatKey } },
          }
        : { key: 'timeline.kind.subscriptionRemoved', params: { doc: number, participant } };
    }
    case 'shipment.recorded':
    case 'shipment.updated':
    case 'shipment.deleted': {
      const key = { recorded: 'shipmentRecorded', updated: 'shipmentUpdated', deleted: 'shipmentDeleted' }[
        event.kind.slice('shipment.'.length) as 'recorded' | 'updated' | 'deleted'
      ];
      const quantity = typeof data.quantity === 'number' ? String(data.quantity) : '';
      return {
        key: `timeline.kind.${key}`,
        params: { doc, index, participant, quantity, courier: text(data.courierService) },
      };
    }
    case 'file.downloaded': {
      const format = text(data.format).toUpperCase();
      const superseded = data.superseded === true;
      return {
        key: superseded ? 'timeline.kind.fileDownloadedSuperseded' : 'timeline.kind.fileDownloaded',
        params: { doc, index, format, participant, current: text(data.currentIndex) },
      };
    }
    case 'receipt.confirmed': {
      const by = text(data.confirmedBy);
      return {
        key: by ? 'timeline.kind.receiptConfirmedBy' : 'timeline.kind.receiptConfirmed',
        params: { plans: docsOf(data), participant, name: by },
      };
    }
    case 'receipt.reminded':
      return { key: 'timeline.kind.receiptReminded', params: { plans: docsOf(data), participant } };
    case 'planset.uploaded':
      return {
        key: 'timeline.kind.plansetUploaded',
        params: { count: typeof data.files === 'number' ? data.files : 0 },
      };
    // Deleted after it was sent: the recipients' pages keep it as withdrawn.
    case 'doc.withdrawn':
      return {
        key: `timeline.kind.docWithdrawn${data.doctype === 'data' ? 'Data' : 'Plan'}`,
        params: { doc, count: typeof data.recipients === 'number' ? data.recipients : 0 },
      };
    default:
      return { key: 'timeline.kind.other', params: { kind: event.kind } };
  }
}

/** 'A-101 (C), A-102 (B)': the plans and indexes an event names in `data.docs`. */
function docsOf(data: Record<string, unknown>): string {
  const docs = Array.isArray(data.docs) ? data.docs : [];
  return docs
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => (text(d.index) ? `${text(d.number)} (${text(d.index)})` : text(d.number)))
    .join(', ');
}

/**
 * The events of one ZIP download (same `batch`, one per file) side by side in a page, as one row:
 * 'Max Bauer hat 6 Dateien als ZIP heruntergeladen: A-101 (A, PDF), …'. Other events stay alone.
 */
export function groupZipDownloads(events: readonly TimelineEventDto[]): TimelineEventDto[][] {
  const groups: TimelineEventDto[][] = [];
  for (const event of events) {
    const last = groups.at(-1);
    const batch = event.kind === 'file.downloaded' && event.data.via === 'zip' ? text(event.data.batch) : '';
    if (batch && last && text(last[0]!.data.batch) === batch) last.push(event);
    else groups.push([event]);
  }
  return groups;
}

/** The sentence of a ZIP download's events (see groupZipDownloads). */
export function zipDownloadSentence(events: readonly TimelineEventDto[]): EventSentence {
  const files = events
    .map((e) => {
      const index = e.version?.index || text(e.data.index);
      const number = e.doc?.number || text(e.data.number);
      return `${number} (${[index, text(e.data.format).toUpperCase()].filter(Boolean).join(', ')})`;
    })
    .join(', ');
  const superseded = events.some((e) => e.data.superseded === true);
  return {
    key: superseded ? 'timeline.kind.zipDownloadedSuperseded' : 'timeline.kind.zipDownloaded',
    params: { count: events.length, files, participant: text(events[0]?.data.participant) },
  };
}

/**
 * The sentence with the person who acted ('Anna Berg hat A-101 Grundriss EG Index C freigegeben');
 * without one (their account is gone) the sentence says what happened, without a name.
 */
export function actorSentence(event: TimelineEventDto): EventSentence {
  const sentence = eventSentence(event);
  if (!event.actor?.name) return sentence;
  return {
    key: sentence.key.replace('timeline.kind.', 'timeline.byActor.'),
    params: { ...sentence.params, actor: event.actor.name },
  };
}

/** One plan of an e-mail event. */
export interface EmailDoc {
  docId: string;
  number: string;
  name: string;
  index: string;
  formats: string[];
}

/** What an EMAIL event's data holds (written by the delivery worker), read defensively. */
export interface EmailEventInfo {
  recipientName: string;
  recipientEmail: string;
  subject: string;
  userMessage: string;
  docs: EmailDoc[];
}

export function emailEventInfo(event: TimelineEventDto): EmailEventInfo {
  const data = event.data;
  const recipient =
    data.recipient && typeof data.recipient === 'object' ? (data.recipient as Record<string, unknown>) : {};
  const docs = Array.isArray(data.docs) ? data.docs : [];
  return {
    recipientName: text(recipient.name),
    recipientEmail: text(recipient.email),
    subject: text(data.subject),
    userMessage: text(data.userMessage).trim(),
    docs: docs
      .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
      .map((d) => ({
        docId: text(d.docId),
        number: text(d.number),
        name: text(d.name),
        index: text(d.index),
        formats: Array.isArray(d.formats) ? d.formats.filter((f): f is string => typeof f === 'string') : [],
      })),
  };
}
