import type { DownloadLinkDto, TimelineEventDto, TimelineResponse } from '@plankurier/shared';
import { api } from './api.ts';
import { createTestDoc, createTestOffice, createTestParticipant, createTestProject, folderOf } from './factories.ts';
import { deliveryFinished, linkTokenInMail, releaseStoredVersion, startDelivery, subscribeTo } from './seed.ts';
import type { TestServer } from './test-server.ts';

/**
 * An office ('P2') whose project has two released plans — A-101 with PDF, DWG and DXF, A-102 with a
 * PDF — sent to Max Bauer of Rohbau GmbH (A-101 in PDF and DWG/DXF, A-102 as PDF). `delivery` adds
 * fields to the send (requestReceipt, receiptReminderDays). Answers the ids and the mail's link token.
 */
export async function proofScene(server: TestServer, delivery: Record<string, unknown> = {}) {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, {
    name: 'Haus Müller',
    phaseTemplate: 'hoai',
  });
  const plans = {
    a101: await createTestDoc(server.app, office.token, folderOf(bundle)._id, {
      number: 'A-101',
      name: 'Grundriss EG',
    }),
    a102: await createTestDoc(server.app, office.token, folderOf(bundle)._id, { number: 'A-102', name: 'Schnitt A-A' }),
  };
  await releaseStoredVersion(server, office.token, plans.a101._id);
  await releaseStoredVersion(server, office.token, plans.a102._id, { kinds: ['pdf'] });
  const participant = await createTestParticipant(server.app, office.token, bundle, {
    contact: { firstName: 'Max', lastName: 'Bauer', company: 'Rohbau GmbH' },
  });
  const subs = {
    a101: await subscribeTo(server, office.token, plans.a101._id, participant._id, { getsPdf: true, getsTec: true }),
    a102: await subscribeTo(server, office.token, plans.a102._id, participant._id),
  };
  const sent = await sendTo(
    server,
    office.token,
    project._id,
    participant._id,
    [subs.a101._id, subs.a102._id],
    delivery,
  );
  return { office, project, bundle, plans, participant, subs, ...sent };
}

/** Sends these subs to the participant and waits for the mail; answers its recipient row and link token. */
export async function sendTo(
  server: TestServer,
  officeToken: string,
  projectId: string,
  participantId: string,
  subIds: string[],
  delivery: Record<string, unknown> = {},
) {
  const started = await startDelivery(
    server,
    officeToken,
    projectId,
    [{ participant: { _id: participantId }, subs: subIds }],
    delivery,
  );
  await deliveryFinished(server, started._id);
  const recipient = await server.deps.db
    .selectFrom('delivery_recipient')
    .selectAll()
    .where('delivery_id', '=', started._id)
    .executeTakeFirstOrThrow();
  return { deliveryId: started._id, recipientId: recipient.id, token: linkTokenInMail(server, recipient.message_id) };
}

/** Fetches through the recipient page as its buttons do: a ticket, then the download (single file or ZIP). */
export async function downloadAsRecipient(server: TestServer, token: string, fileId: string | null) {
  const http = api(server.app);
  const link = await http.post(fileId ? `/api/d/${token}/files/${fileId}/link` : `/api/d/${token}/zip/link`);
  if (link.statusCode !== 200) throw new Error(`ticket: ${link.statusCode} ${link.body}`);
  const res = await server.app.inject({ method: 'GET', url: link.json<DownloadLinkDto>().url });
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode}`);
  return res;
}

/** One tab of the project's timeline as the office reads it. */
export async function timelineOf(
  server: TestServer,
  token: string,
  projectId: string,
  eventType: 'DOC' | 'EMAIL',
  filterParams: Record<string, string[]> = {},
): Promise<TimelineEventDto[]> {
  const res = await api(server.app).post(
    '/api/timeline',
    { project: projectId, eventType, filterParams, limit: 100 },
    token,
  );
  if (res.statusCode !== 200) throw new Error(`timeline: ${res.statusCode} ${res.body}`);
  return res.json<TimelineResponse>().events;
}

/** The 'file.downloaded' events of a project, oldest first. */
export async function downloadEvents(server: TestServer, token: string, projectId: string) {
  return (await timelineOf(server, token, projectId, 'DOC')).filter((e) => e.kind === 'file.downloaded').reverse();
}
