import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ProjectBundle, RecipientPageDto, RecipientReceiptDto } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { openTestProject } from '../../../test/factories.ts';
import { linkTokenOf } from '../../../test/recipient-link.ts';
import { proofScene, timelineOf } from '../../../test/proof-scene.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { sendDueReceiptReminders } from './service.ts';

/** The clock reminders go by: tests move it forward instead of waiting (as billing's tests do). */
let clock = new Date();
const BOUNCE_SECRET = 'receipts-bounce-secret-0123456789';
const HOUR = 3_600_000;
let server: TestServer;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock, bounceWebhookSecret: BOUNCE_SECRET });
  http = api(server.app);
});
afterAll(() => server.stop());

const confirm = (token: string, body: Record<string, unknown> = {}) => http.post(`/api/d/${token}/receipt`, body);
const page = async (token: string) => (await http.get(`/api/d/${token}`)).json<RecipientPageDto>();
const remindersTo = (email: string) =>
  server.smtp.messages.filter((m) => m.envelopeTo.includes(email) && /Erinnerung/.test(m.parsed.subject ?? ''));

describe('confirming receipt on the recipient page', () => {
  test('works without an account, once; the office sees who confirmed which plans and indexes, when', async () => {
    const scene = await proofScene(server, { requestReceipt: true });
    const toProject = vi.spyOn(server.deps.realtime, 'toProject');
    expect((await page(scene.token)).receipt).toEqual({ requested: true, confirmation: null });
    const res = await confirm(scene.token, { name: '  Max Bauer, Bauleitung ', remark: 'Alles vollständig.' });
    expect(res.statusCode).toBe(200);
    const receipt = res.json<RecipientReceiptDto>();
    expect(receipt).toEqual({
      requested: true,
      confirmation: {
        confirmedAt: expect.any(String),
        confirmedBy: 'Max Bauer, Bauleitung',
        remark: 'Alles vollständig.',
      },
    });
    expect(toProject).toHaveBeenCalledWith(
      scene.office.id,
      scene.project._id,
      'updateData',
      expect.objectContaining({ projectId: scene.project._id, entity: 'receipt', id: scene.recipientId }),
    );
    toProject.mockRestore();
    expect((await page(scene.token)).receipt).toEqual(receipt);

    const [mail] = await timelineOf(server, scene.office.token, scene.project._id, 'EMAIL');
    expect(mail!.proof!.receipt).toEqual(receipt);
    const [confirmed] = (await timelineOf(server, scene.office.token, scene.project._id, 'DOC')).filter(
      (e) => e.kind === 'receipt.confirmed',
    );
    expect(confirmed).toMatchObject({
      actor: null,
      data: {
        participantId: scene.participant._id,
        participant: 'Max Bauer',
        recipientId: scene.recipientId,
        confirmedBy: 'Max Bauer, Bauleitung',
        docs: [
          { docId: scene.plans.a101._id, number: 'A-101', index: 'A' },
          { docId: scene.plans.a102._id, number: 'A-102', index: 'A' },
        ],
      },
    });
    // The plan filter finds it by the plans it names.
    const ofPlan = await timelineOf(server, scene.office.token, scene.project._id, 'DOC', {
      docIds: [scene.plans.a102._id],
    });
    expect(ofPlan.some((e) => e.kind === 'receipt.confirmed')).toBe(true);

    const bundle: ProjectBundle = await openTestProject(server.app, scene.office.token, scene.project._id);
    const participant = bundle.participants.find((p) => p._id === scene.participant._id)!;
    expect(participant.state.receipt).toEqual({
      requested: true,
      confirmedAt: receipt.confirmation!.confirmedAt,
      confirmedBy: 'Max Bauer, Bauleitung',
    });
    expect(bundle.subs.find((s) => s._id === scene.subs.a102._id)!.state.receipt).toMatchObject({
      confirmedAt: receipt.confirmation!.confirmedAt,
      index: 'A',
    });

    const again = await confirm(scene.token, { name: 'Jemand anderes' });
    expect([again.statusCode, again.json().msgCode]).toEqual([409, 'receipt.already_confirmed']);
    expect(again.json().receipt).toEqual(receipt);
    expect((await page(scene.token)).receipt).toEqual(receipt);
    const confirmations = (await timelineOf(server, scene.office.token, scene.project._id, 'DOC')).filter(
      (e) => e.kind === 'receipt.confirmed',
    );
    expect(confirmations).toHaveLength(1);
  });

  test('two confirmations at the same moment confirm once', async () => {
    const scene = await proofScene(server, { requestReceipt: true });
    const answers = await Promise.all([confirm(scene.token, { name: 'A' }), confirm(scene.token, { name: 'B' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // The one that lost names the confirmation that won.
    const won = answers.find((a) => a.statusCode === 200)!.json<RecipientReceiptDto>();
    expect(answers.find((a) => a.statusCode === 409)!.json().receipt).toEqual(won);
    const events = (await timelineOf(server, scene.office.token, scene.project._id, 'DOC')).filter(
      (e) => e.kind === 'receipt.confirmed',
    );
    expect(events).toHaveLength(1);
  });

  test('a wrong, malformed or revoked link answers 404; a remark too long 400; neither confirms anything', async () => {
    const scene = await proofScene(server, { requestReceipt: true });
    expect((await confirm('A'.repeat(43))).statusCode).toBe(404);
    expect((await confirm('kurz')).statusCode).toBe(404);
    const tooLong = await confirm(scene.token, { remark: 'x'.repeat(1001) });
    expect([tooLong.statusCode, tooLong.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await page(scene.token)).receipt.confirmation).toBeNull();
    expect(
      (await http.post(`/api/delivery/recipient/${scene.recipientId}/revoke`, {}, scene.office.token)).statusCode,
    ).toBe(204);
    const revoked = await confirm(scene.token);
    expect([revoked.statusCode, revoked.json().msgCode]).toEqual([404, 'common.not_found']);
    const row = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('receipt_confirmed_at')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    expect(row.receipt_confirmed_at).toBeNull();
  });

  test('a delivery that did not ask can still be confirmed; the mail and the page do not ask', async () => {
    const scene = await proofScene(server);
    expect((await page(scene.token)).receipt.requested).toBe(false);
    const mail = server.smtp.messages.find((m) => m.parsed.text?.includes(scene.token))!;
    expect(mail.parsed.text).not.toContain('Erhalt');
    expect((await confirm(scene.token)).json<RecipientReceiptDto>()).toMatchObject({
      requested: false,
      confirmation: { confirmedBy: '' },
    });
  });

  test('the mail of a delivery that asks says so', async () => {
    const scene = await proofScene(server, { requestReceipt: true });
    const mail = server.smtp.messages.find((m) => m.parsed.text?.includes(scene.token))!;
    expect(mail.parsed.text).toContain('bittet Sie, den Erhalt dieser Pläne zu bestätigen');
  });

  test('the confirmation stays in the timeline when the participant is removed', async () => {
    const scene = await proofScene(server, { requestReceipt: true });
    expect((await confirm(scene.token, { name: 'M. Bauer' })).statusCode).toBe(200);
    expect((await http.delete(`/api/participant/${scene.participant._id}`, scene.office.token)).statusCode).toBe(204);
    const [mail] = await timelineOf(server, scene.office.token, scene.project._id, 'EMAIL');
    expect(mail!.proof!.receipt.confirmation?.confirmedBy).toBe('M. Bauer');
    const events = await timelineOf(server, scene.office.token, scene.project._id, 'DOC', {
      participantIds: [scene.participant._id],
    });
    expect(events.map((e) => e.kind)).toContain('receipt.confirmed');
  });
});

describe('reminders to confirm receipt', () => {
  test('go out after the days asked for, at most once a day, at most three times, never after the confirmation', async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const scene = await proofScene(server, { requestReceipt: true, receiptReminderDays: 1 });
    const other = await proofScene(server, { requestReceipt: true, receiptReminderDays: null });
    const email = (await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow())!.email;
    const run = async (hours: number) => {
      clock = new Date(sentAt + hours * HOUR);
      await sendDueReceiptReminders(server.deps);
      return remindersTo(email).length;
    };
    expect(await run(23)).toBe(0);
    expect(await run(25)).toBe(1);
    expect(await run(25)).toBe(1);
    expect(await run(40)).toBe(1);
    expect(await run(48.5)).toBe(1); // a day since the reminder has not passed yet
    expect(await run(49.5)).toBe(2);
    const reminder = remindersTo(email)[0]!;
    expect(reminder.parsed.subject).toContain('Erinnerung: Bitte Erhalt bestätigen');
    expect(linkTokenOf(reminder)).toBe(scene.token);
    expect(reminder.parsed.text).toContain('A-102 Schnitt A-A (Index A)');

    const reminded = (await timelineOf(server, scene.office.token, scene.project._id, 'DOC')).filter(
      (e) => e.kind === 'receipt.reminded',
    );
    expect(reminded.map((e) => e.data.reminder)).toEqual([2, 1]);

    expect((await confirm(scene.token)).statusCode).toBe(200);
    expect(await run(24 * 10)).toBe(2);
    const otherEmail = (await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', other.recipientId)
      .executeTakeFirstOrThrow())!.email;
    expect(remindersTo(otherEmail)).toEqual([]);
  });

  test('stop after three', async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const scene = await proofScene(server, { requestReceipt: true, receiptReminderDays: 2 });
    const { email } = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    for (let day = 1; day <= 12; day++) {
      clock = new Date(sentAt + day * 24 * HOUR + HOUR);
      await sendDueReceiptReminders(server.deps);
    }
    // Days 2, 4 and 6; then no more.
    expect(remindersTo(email)).toHaveLength(3);
  });

  test('two processes running the schedule at the same moment send each reminder once', async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const scene = await proofScene(server, { requestReceipt: true, receiptReminderDays: 1 });
    const { email } = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    clock = new Date(sentAt + 25 * HOUR);
    await Promise.all([sendDueReceiptReminders(server.deps), sendDueReceiptReminders(server.deps)]);
    expect(remindersTo(email)).toHaveLength(1);
    const reminded = (await timelineOf(server, scene.office.token, scene.project._id, 'DOC')).filter(
      (e) => e.kind === 'receipt.reminded',
    );
    expect(reminded).toHaveLength(1);
  });

  test('a revoked link and a mail that bounced for good get none', async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const revoked = await proofScene(server, { requestReceipt: true, receiptReminderDays: 1 });
    const bounced = await proofScene(server, { requestReceipt: true, receiptReminderDays: 1 });
    const rows = await server.deps.db
      .selectFrom('delivery_recipient')
      .select(['id', 'email', 'message_id'])
      .where('id', 'in', [revoked.recipientId, bounced.recipientId])
      .execute();
    const rowOf = (id: string) => rows.find((r) => r.id === id)!;
    expect(
      (await http.post(`/api/delivery/recipient/${revoked.recipientId}/revoke`, {}, revoked.office.token)).statusCode,
    ).toBe(204);
    const bounce = await server.app.inject({
      method: 'POST',
      url: '/api/hooks/bounce',
      headers: { authorization: `Bearer ${BOUNCE_SECRET}` },
      payload: {
        messageId: rowOf(bounced.recipientId).message_id,
        status: '5.1.1',
        diagnostic: '550 5.1.1 User unknown',
      },
    });
    expect(bounce.statusCode).toBe(202);
    clock = new Date(sentAt + 5 * 24 * HOUR);
    await sendDueReceiptReminders(server.deps);
    expect(remindersTo(rowOf(revoked.recipientId).email)).toEqual([]);
    expect(remindersTo(rowOf(bounced.recipientId).email)).toEqual([]);
  });

  test("an English contact's reminder is in English, in the sender's words, whatever the sender's language", async () => {
    const sentAt = Date.now();
    clock = new Date(sentAt);
    const scene = await proofScene(server, { requestReceipt: true, receiptReminderDays: 1 });
    const { contact_id } = await server.deps.db
      .selectFrom('participant')
      .select('contact_id')
      .where('id', '=', scene.participant._id)
      .executeTakeFirstOrThrow();
    await server.deps.db.updateTable('contact').set({ locale: 'en' }).where('id', '=', contact_id).execute();
    const { email } = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    clock = new Date(sentAt + 25 * HOUR);
    await sendDueReceiptReminders(server.deps);
    const [reminder, ...more] = server.smtp.messages.filter(
      (m) => m.envelopeTo.includes(email) && /Reminder/.test(m.parsed.subject ?? ''),
    );
    expect(more).toEqual([]);
    expect(reminder!.parsed.subject).toMatch(/^Reminder: please confirm receipt – /);
    expect(reminder!.parsed.text).toContain('asks you to confirm their receipt');
    expect(reminder!.parsed.text).not.toContain('Erhalt');
    expect(linkTokenOf(reminder!)).toBe(scene.token);
  });

  test('a delivery with reminder days but without asking for a confirmation sends none', async () => {
    const sentAt = Date.now();
    const scene = await proofScene(server, { requestReceipt: false, receiptReminderDays: 1 });
    const { email } = await server.deps.db
      .selectFrom('delivery_recipient')
      .select('email')
      .where('id', '=', scene.recipientId)
      .executeTakeFirstOrThrow();
    clock = new Date(sentAt + 5 * 24 * HOUR);
    await sendDueReceiptReminders(server.deps);
    expect(remindersTo(email)).toEqual([]);
  });
});
