import type { TimelineEventDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  actorSentence,
  docLabel,
  emailEventInfo,
  eventSentence,
  groupZipDownloads,
  zipDownloadSentence,
} from './event-sentence';

const event = (over: Partial<TimelineEventDto>): TimelineEventDto => ({
  _id: 'e1',
  type: 'DOC',
  kind: 'doc.created',
  createdAt: '2026-11-21T10:05:00.000Z',
  actor: { _id: 'u1', name: 'Anna Berg' },
  doc: null,
  version: null,
  file: null,
  data: {},
  link: null,
  ...over,
});

const doc = { _id: 'd1', number: 'A-101', name: 'Grundriss EG' };

describe('eventSentence', () => {
  test('version released names index and doc', () => {
    expect(eventSentence(event({ kind: 'version.released', doc, version: { _id: 'v1', index: 'C' } }))).toEqual({
      key: 'timeline.kind.versionReleased',
      params: { index: 'C', doc: 'A-101 Grundriss EG' },
    });
  });

  test('a deleted version of a deleted doc falls back to the recorded data', () => {
    const e = event({
      kind: 'version.deleted',
      version: { _id: 'v1', index: '' },
      data: { index: 'B', docNumber: 'A-102', docName: 'Grundriss OG' },
    });
    expect(eventSentence(e)).toEqual({
      key: 'timeline.kind.versionDeleted',
      params: { index: 'B', doc: 'A-102 Grundriss OG' },
    });
  });

  test('file uploaded and deleted name the file', () => {
    expect(eventSentence(event({ kind: 'file.uploaded', file: { _id: 'f1', filename: 'plan.pdf' } }))).toEqual({
      key: 'timeline.kind.fileUploaded',
      params: { filename: 'plan.pdf' },
    });
    expect(eventSentence(event({ kind: 'file.deleted', data: { filename: 'alt.dwg' } })).params).toEqual({
      filename: 'alt.dwg',
    });
  });

  test('doc created and deleted distinguish plans and documents', () => {
    expect(eventSentence(event({ kind: 'doc.created', doc, data: { doctype: 'plan' } })).key).toBe(
      'timeline.kind.docCreatedPlan',
    );
    expect(
      eventSentence(event({ kind: 'doc.deleted', data: { doctype: 'data', number: 'D-1', name: 'Baubeschreibung' } })),
    ).toEqual({ key: 'timeline.kind.docDeletedData', params: { doc: 'D-1 Baubeschreibung' } });
  });

  test('a plan deleted after it was sent says for how many recipients it stays as withdrawn', () => {
    const e = event({
      kind: 'doc.withdrawn',
      data: { doctype: 'plan', number: 'A-101', name: 'Grundriss EG', recipients: 3 },
    });
    expect(eventSentence(e)).toEqual({
      key: 'timeline.kind.docWithdrawnPlan',
      params: { doc: 'A-101 Grundriss EG', count: 3 },
    });
  });

  test('a plan set is told once, with its number of files and who uploaded it', () => {
    const e = event({ kind: 'planset.uploaded', data: { planSetId: 's1', files: 60, plans: 30, missing: 0 } });
    expect(eventSentence(e)).toEqual({ key: 'timeline.kind.plansetUploaded', params: { count: 60 } });
    expect(actorSentence(e)).toEqual({
      key: 'timeline.byActor.plansetUploaded',
      params: { count: 60, actor: 'Anna Berg' },
    });
  });

  test('participants added and removed', () => {
    expect(eventSentence(event({ kind: 'participant.added', data: { participant: 'Jonas Weber' } }))).toEqual({
      key: 'timeline.kind.participantAdded',
      params: { participant: 'Jonas Weber' },
    });
    expect(eventSentence(event({ kind: 'participant.removed', data: { participant: 'Jonas Weber' } })).key).toBe(
      'timeline.kind.participantRemoved',
    );
  });

  test('a changed recipient address names the participant, the old and the new address, and who changed it', () => {
    const e = event({
      kind: 'participant.email_changed',
      data: { participant: 'Jonas Weber', from: 'jonas@weber.de', to: 'j.weber@weber.de' },
    });
    expect(actorSentence(e)).toEqual({
      key: 'timeline.byActor.participantEmailChanged',
      params: { participant: 'Jonas Weber', from: 'jonas@weber.de', to: 'j.weber@weber.de', actor: 'Anna Berg' },
    });
  });

  test('a subscription names the doc number, the participant and the formats', () => {
    const e = event({
      kind: 'subscription.changed',
      doc,
      data: { participant: 'Jonas Weber', formats: 'PDF_AND_TEC' },
    });
    expect(eventSentence(e)).toEqual({
      key: 'timeline.kind.subscriptionChanged',
      params: { doc: 'A-101', participant: 'Jonas Weber', formats: { key: 'timeline.formats.pdfAndTec' } },
    });
    expect(eventSentence({ ...e, data: { participant: 'Jonas Weber', formats: null } })).toEqual({
      key: 'timeline.kind.subscriptionRemoved',
      params: { doc: 'A-101', participant: 'Jonas Weber' },
    });
  });

  test('an unknown kind still gets a sentence', () => {
    expect(eventSentence(event({ kind: 'folder.moved' }))).toEqual({
      key: 'timeline.kind.other',
      params: { kind: 'folder.moved' },
    });
  });
});

describe('docLabel', () => {
  test('number and name, or what there is', () => {
    expect(docLabel(doc)).toBe('A-101 Grundriss EG');
    expect(docLabel({ number: 'A-1', name: '' })).toBe('A-1');
    expect(docLabel(null)).toBe('');
  });
});

describe('emailEventInfo', () => {
  test('reads what the delivery worker writes', () => {
    const e = event({
      type: 'EMAIL',
      kind: 'delivery.sent',
      data: {
        participantId: 'p1',
        recipient: { name: 'Jonas Weber', email: 'jonas@statik.de' },
        subject: 'Projekt: 2026-014 | Wohnhaus Müller',
        userMessage: ' Anbei die Pläne. ',
        docs: [{ docId: 'd1', number: 'A-101', name: 'Grundriss EG', index: 'C', formats: ['pdf', 'dwg'] }],
        deliveryId: 'x',
      },
    });
    expect(emailEventInfo(e)).toEqual({
      recipientName: 'Jonas Weber',
      recipientEmail: 'jonas@statik.de',
      subject: 'Projekt: 2026-014 | Wohnhaus Müller',
      userMessage: 'Anbei die Pläne.',
      docs: [{ docId: 'd1', number: 'A-101', name: 'Grundriss EG', index: 'C', formats: ['pdf', 'dwg'] }],
    });
  });

  test('missing or odd data gives empty fields', () => {
    expect(
      emailEventInfo(event({ type: 'EMAIL', data: { recipient: 'x', docs: [null, 3], userMessage: null } })),
    ).toEqual({
      recipientName: '',
      recipientEmail: '',
      subject: '',
      userMessage: '',
      docs: [],
    });
  });
});

describe('actorSentence', () => {
  test('names the person who acted', () => {
    expect(actorSentence(event({ kind: 'version.released', doc, version: { _id: 'v1', index: 'C' } }))).toEqual({
      key: 'timeline.byActor.versionReleased',
      params: { index: 'C', doc: 'A-101 Grundriss EG', actor: 'Anna Berg' },
    });
  });

  test('an event whose person is gone says what happened without a name', () => {
    expect(actorSentence(event({ kind: 'file.uploaded', actor: null, data: { filename: 'a.pdf' } }))).toEqual({
      key: 'timeline.kind.fileUploaded',
      params: { filename: 'a.pdf' },
    });
  });
});

describe('proof of delivery events', () => {
  const download = (over: Partial<TimelineEventDto> & { data: Record<string, unknown> }) =>
    event({ kind: 'file.downloaded', actor: null, doc, version: { _id: 'v1', index: 'C' }, ...over });

  test("a recipient's download names the plan, index, format and participant; a superseded one says so", () => {
    expect(eventSentence(download({ data: { format: 'dwg', participant: 'Max Bauer' } }))).toEqual({
      key: 'timeline.kind.fileDownloaded',
      params: { doc: 'A-101 Grundriss EG', index: 'C', format: 'DWG', participant: 'Max Bauer', current: '' },
    });
    const old = download({ data: { format: 'pdf', participant: 'Max Bauer', superseded: true, currentIndex: 'D' } });
    expect(eventSentence(old)).toMatchObject({
      key: 'timeline.kind.fileDownloadedSuperseded',
      params: { current: 'D' },
    });
  });

  test("the office's own download names the person who downloaded", () => {
    const own = download({ actor: { _id: 'u1', name: 'Anna Berg' }, data: { format: 'pdf', via: 'office' } });
    expect(actorSentence(own)).toMatchObject({
      key: 'timeline.byActor.fileDownloaded',
      params: { actor: 'Anna Berg' },
    });
  });

  test('the files of one ZIP side by side are one row; another batch or a single download stays apart', () => {
    const zip = (id: string, batch: string, number: string, format: string) =>
      download({ _id: id, doc: { ...doc, number }, data: { via: 'zip', batch, format, participant: 'Max Bauer' } });
    const single = download({ _id: 's', data: { via: 'single', batch: 'b1', format: 'pdf' } });
    const groups = groupZipDownloads([
      zip('1', 'b1', 'A-101', 'pdf'),
      zip('2', 'b1', 'A-102', 'dwg'),
      single,
      zip('3', 'b2', 'A-101', 'pdf'),
    ]);
    expect(groups.map((g) => g.map((e) => e._id))).toEqual([['1', '2'], ['s'], ['3']]);
    expect(zipDownloadSentence(groups[0]!)).toEqual({
      key: 'timeline.kind.zipDownloaded',
      params: { count: 2, files: 'A-101 (C, PDF), A-102 (C, DWG)', participant: 'Max Bauer' },
    });
  });

  test('a confirmation names the participant, the plans with their indexes and the name given', () => {
    const confirmed = event({
      kind: 'receipt.confirmed',
      actor: null,
      data: {
        participant: 'Max Bauer',
        confirmedBy: 'M. Bauer, Bauleitung',
        docs: [
          { docId: 'd1', number: 'A-101', index: 'C' },
          { docId: 'd2', number: 'A-102', index: 'B' },
        ],
      },
    });
    expect(eventSentence(confirmed)).toEqual({
      key: 'timeline.kind.receiptConfirmedBy',
      params: { plans: 'A-101 (C), A-102 (B)', participant: 'Max Bauer', name: 'M. Bauer, Bauleitung' },
    });
  });
});
