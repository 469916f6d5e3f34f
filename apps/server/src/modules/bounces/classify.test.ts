import { describe, expect, test } from 'vitest';
import { parseBounce, parseDeliveryStatus, verpToken } from './classify.ts';
import { reportFor } from './service.ts';
import {
  autoReply,
  eximPlain,
  postfixDelayed,
  postfixPermanent,
  qmailPlain,
  sendmailTwoRecipients,
} from './fixtures.ts';

const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const email = 'nobody@example.org';
const messageId = '<delivery-d1.p1@plankurier.test>';

describe('reading returned mail', () => {
  test('an RFC 3464 report with 5.1.1 is a permanent bounce, matched by the VERP token and the original Message-ID', async () => {
    const parsed = await parseBounce(postfixPermanent({ token, email, messageId }));
    expect(parsed.tokens).toEqual([token]);
    expect(parsed.originalMessageId).toBe(messageId);
    expect(parsed.reports).toEqual([
      {
        kind: 'permanent',
        status: '5.1.1',
        recipient: email,
        diagnostic:
          'smtp; 550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      },
    ]);
  });

  test.each(['4.4.1', '4.2.2'])(
    'a delayed report with %s is transient; the Message-ID comes from the message/rfc822 part',
    async (status) => {
      const parsed = await parseBounce(postfixDelayed({ token, email, messageId, status }));
      expect(parsed.originalMessageId).toBe(messageId);
      expect(parsed.reports.map((r) => [r.kind, r.status, r.recipient])).toEqual([['transient', status, email]]);
    },
  );

  test('a report about two recipients gives one report each, and the recipient row takes its own', async () => {
    const parsed = await parseBounce(
      sendmailTwoRecipients({ failed: 'Eins@Example.net', delayed: 'zwei@example.net', messageId }),
    );
    expect(parsed.tokens).toEqual([]);
    expect(parsed.originalMessageId).toBe(messageId);
    expect(parsed.reports.map((r) => [r.kind, r.status, r.recipient])).toEqual([
      ['permanent', '5.1.1', 'eins@example.net'],
      ['transient', '4.2.2', 'zwei@example.net'],
    ]);
    expect(reportFor(parsed.reports, 'eins@example.net')?.kind).toBe('permanent');
    expect(reportFor(parsed.reports, 'zwei@example.net')?.kind).toBe('transient');
    // The office's Bcc copy shares the envelope: a report about another address is not ours.
    expect(reportFor(parsed.reports, 'kopie@buero.example')).toBeNull();
  });

  test("Exim's plain-text bounce: status from the SMTP error, recipient from X-Failed-Recipients, id from the quoted copy", async () => {
    const parsed = await parseBounce(eximPlain({ token, email, messageId }));
    expect(parsed.tokens).toEqual([token]);
    expect(parsed.originalMessageId).toBe(messageId);
    expect(parsed.reports).toEqual([
      {
        kind: 'permanent',
        status: '5.1.1',
        recipient: email,
        diagnostic: '550 5.1.1 The email account that you tried to reach does not exist.',
      },
    ]);
  });

  test("qmail's failure notice with (#5.1.1) is permanent", async () => {
    const parsed = await parseBounce(qmailPlain({ token, email }));
    expect(parsed.reports.map((r) => [r.kind, r.status])).toEqual([['permanent', '5.1.1']]);
    expect(parsed.originalMessageId).toBeNull();
  });

  test('a successful delivery report (Action: delivered, 2.0.0) is no bounce', () => {
    const body = 'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@b.example\nAction: delivered\nStatus: 2.0.0\n';
    expect(parseDeliveryStatus(body)).toEqual([]);
    expect(
      parseDeliveryStatus(
        'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@b.example\nAction: failed\nStatus: 4.4.7\n',
      ),
    ).toEqual([{ kind: 'permanent', status: '4.4.7', recipient: 'a@b.example', diagnostic: null }]);
  });

  test('an out-of-office reply to the bounce address is ignored, even with a status-like number in it', async () => {
    const parsed = await parseBounce(autoReply({ token }));
    expect(parsed.reports).toEqual([]);
    expect(parsed.tokens).toEqual([token]);
  });

  test.each([
    ['empty', ''],
    ['binary noise', Buffer.from([0, 255, 1, 254, 13, 10, 13, 10, 0, 0, 7])],
    [
      'a broken multipart',
      'Content-Type: multipart/report; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nAction',
    ],
    ['deep nesting', `${'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n'.repeat(200)}`],
  ])('unreadable input (%s) gives no reports and never throws', async (_name, raw) => {
    const parsed = await parseBounce(raw);
    expect(parsed.reports).toEqual([]);
  });

  test('VERP tokens are read from bounces+<token>@ addresses only', () => {
    expect(verpToken(`bounces+${token}@plankurier.test`)).toBe(token);
    expect(verpToken('BOUNCES+abcdefgh12@x.example')).toBe('abcdefgh12');
    expect(verpToken('office@plankurier.test')).toBeNull();
    expect(verpToken('bounces+short@x')).toBeNull();
  });
});
