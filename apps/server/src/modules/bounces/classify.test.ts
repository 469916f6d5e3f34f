import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseBounce, verpToken } from './classify.ts';
import { reportFor } from './service.ts';
import { RETURNED_MAIL, returnedMail, type ReturnedMailVars } from './fixtures.ts';
import { addressesIn, verdictOfSubject, verdictOfWords } from './notice.ts';
import { enhancedCodeIn, replyCodeIn, statusOf } from './status-code.ts';

const vars: ReturnedMailVars = {
  token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  email: 'anna.beispiel@bueroplan.example.com',
  messageId: '<delivery-d1.p1@plankurier.test>',
};
const fill = (text: string) => text.replaceAll('{{email}}', vars.email);
const carriesMessageId = (file: string) =>
  readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8').includes('{{messageId}}');

/** What a returned mail means for our recipient: the class and status the office sees. */
async function outcome(file: string) {
  const parsed = await parseBounce(returnedMail(file, vars));
  return { parsed, report: reportFor(parsed.reports, vars.email) };
}

describe('returned mail of the systems offices meet', () => {
  test.each(RETURNED_MAIL.map((c) => [c.system, c.file, c] as const))('%s: %s', async (_system, file, expected) => {
    const { parsed, report } = await outcome(file);
    expect(parsed.tokens).toContain(vars.token);
    if (expected.kind === 'ignored') {
      expect(report).toBeNull();
      return;
    }
    if (carriesMessageId(file)) expect(parsed.originalMessageId).toBe(vars.messageId);
    expect([report?.kind, report?.status]).toEqual([expected.kind, expected.status]);
    if (expected.diagnostic) expect(report?.diagnostic).toContain(fill(expected.diagnostic));
  });

  test('the corpus covers the systems the issue names, each with its expected class', () => {
    expect(RETURNED_MAIL.length).toBeGreaterThanOrEqual(40);
    const systems = RETURNED_MAIL.map((c) => c.system).join(' ');
    for (const name of [
      'Exchange 2003',
      'Exchange 2010 (German)',
      'Office 365',
      'Amazon SES',
      'AOL',
      'Yahoo',
      'Verizon',
      'Google Groups',
      'IMail',
      'Lotus Notes',
      'Sendmail 8.8',
      'KDDI',
      'qmail',
      'OpenSMTPD',
      'McAfee',
      'Trend Micro',
      'SurfControl',
      'Mimecast',
      'Smail',
      'MMDF',
      'PP X.400',
      'vzwpix',
    ]) {
      expect(systems).toContain(name);
    }
  });
});

describe('what a report says about this delivery decides before its status class', () => {
  test.each([
    ['exchange-2010-queue-expired.eml', '4.4.7'],
    ['exchange-2016-de-queue-expired.eml', '4.4.7'],
    ['qmail-queue-too-long.eml', '4.7.1'],
    ['exim-retry-timeout-greylisted.eml', '4.7.1'],
    ['sendmail-8.8-cannot-send-5-days.eml', '4.4.1'],
    ['gmail-2012-failed-permanently-4xx.eml', '4.3.0'],
    ['yahoo-deferred-then-expired.eml', '4.7.0'],
    ['imail-delivery-failed-attempts.eml', '4.2.2'],
    ['ses-notification-transient-expired.eml', '4.4.7'],
  ])('%s: a final failure with %s is permanent, no retry will come', async (file, status) => {
    const { report } = await outcome(file);
    expect([report?.kind, report?.status]).toEqual(['permanent', status]);
  });

  test('Action: failed with a 4.x.x status is permanent, also where a gateway leaves out the per-message block', async () => {
    const raw = [
      'From: <MAILER-DAEMON@gw.example.net>',
      `To: <bounces+${vars.token}@plankurier.test>`,
      'Subject: Delivery Status',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="GW"',
      '',
      '--GW',
      'Content-Type: text/plain',
      '',
      '    --- The following addresses had delivery problems ---',
      '',
      `<${vars.email}>   (Connection timed out)`,
      '',
      '--GW',
      'Content-Type: message/delivery-status',
      '',
      `Original-Recipient: <${vars.email}>`,
      'Action: failed',
      'Status: 4.4.7',
      'Diagnostic-Code: smtp; 421 4.4.2 Connection timed out',
      '',
      '--GW--',
      '',
    ].join('\r\n');
    const parsed = await parseBounce(raw);
    expect(reportFor(parsed.reports, vars.email)).toEqual({
      kind: 'permanent',
      status: '4.4.7',
      recipients: [vars.email],
      diagnostic: 'smtp; 421 4.4.2 Connection timed out',
    });
  });

  test('giving up outranks talk of retrying; a warning outranks the words of failure it uses', () => {
    expect(verdictOfWords('Delivery failed after 5 days. No further delivery will be attempted.')).toBe('failed');
    expect(verdictOfWords('Eventually the mail delivery software will give up. Delivery attempts will continue.')).toBe(
      'delayed',
    );
    expect(verdictOfWords('Your message could not be delivered for more than 4 hour(s). It will be retried.')).toBe(
      'delayed',
    );
    expect(verdictOfWords('Ihre Nachricht konnte nicht zugestellt werden.')).toBe('failed');
    expect(verdictOfWords('Thank you for your message.')).toBeNull();
  });

  test('a delivery given up after a time has failed; a deadline still ahead is a warning', () => {
    expect(verdictOfWords('Delivery to the following recipients was aborted after 5.0 hour(s):')).toBe('failed');
    expect(verdictOfWords('It was removed from\nthe queue after 5 days; the retry period was exceeded.')).toBe(
      'failed',
    );
    expect(verdictOfWords('Die Zustellung wurde nach 48 Stunden\nabgebrochen.')).toBe('failed');
    expect(verdictOfWords('Deferred: Connection timed out\nMessage will be deleted from queue after 5 days')).toBe(
      'delayed',
    );
    expect(verdictOfWords('Will keep trying until message is 5 days old')).toBe('delayed');
    expect(verdictOfWords('Der Server versucht es weiter.')).toBe('delayed');
    // SMTP's own 'Requested mail action aborted' is a refusal, not a time that ran out.
    expect(verdictOfWords('552 Requested mail action aborted: exceeded storage allocation')).toBeNull();
    expect(verdictOfWords('Your message has been delivered; no action is required.')).toBeNull();
  });

  test.each([
    ['Warning: Message Delivery Has Been Delayed', 'delayed'],
    ['Warning: message 1tvYeZ-0001Ab-3C delayed 24 hours', 'delayed'],
    ['Warning: your mailbox is almost full', null],
    ['Warning--Could not send mail for past 4 hours', 'delayed'],
    ['Warning -- could not send mail for past 12 hours', 'delayed'],
    ['Warning: cannot send message for 4 hours', 'delayed'],
    ['Warnung: Nachricht konnte seit 4 Stunden nicht zugestellt werden', 'delayed'],
    ['mail failed, returning to sender', 'failed'],
    ['Failed mail', 'failed'],
    ['Delivery Report (failure) for anna@example.net', 'failed'],
    ['Re: Undeliverable Message', null],
    ['Message undeliverable: Pläne Garage Petersen', 'failed'],
    ['Message Delivery Failure', 'failed'],
    ['Non-Delivery Report: Pläne', 'failed'],
    ['Mail-Zustellung fehlgeschlagen: Nachricht an Absender zurückgeschickt', 'failed'],
    ['Message from Anna about the plans', null],
  ])('the subject %j says %s', (subject, verdict) => {
    expect(verdictOfSubject(subject)).toBe(verdict);
  });

  test.each([
    ['exchange-2010-de-delayed.eml', '4.4.7'],
    ['sendmail-8.8-warning-4-hours.eml', '4.4.1'],
    ['opensmtpd-warning-delayed.eml', '4.0.0'],
    ['exim-delay-warning.eml', '4.3.0'],
  ])('%s: a warning that retries go on is transient', async (file, status) => {
    const { report } = await outcome(file);
    expect([report?.kind, report?.status]).toEqual(['transient', status]);
  });
});

describe('failure notices without a status', () => {
  test.each([
    ['google-groups-no-permission.eml', 'may not exist, or you may not have permission to post messages to the group'],
    ['kddi-mailbox-full.eml', 'Could not be delivered to: <{{email}}> As their mailbox is full.'],
    ['imail-unknown-user.eml', 'Unknown user: {{email}}'],
    ['notes-failure-reasons.eml', 'User not listed in public Name & Address Book'],
    ['domino-not-listed.eml', 'not listed in Domino Directory'],
    ['opensmtpd-envelope-expired.eml', '{{email}}: Envelope expired'],
    ['mimecast-policy-rejected.eml', "rejected by the recipient's email security policy"],
  ])('%s: permanent, with the notice text as the diagnostic', async (file, words) => {
    const { report } = await outcome(file);
    expect(report?.kind).toBe('permanent');
    expect(report?.diagnostic).toContain(fill(words));
  });
});

describe('a notice from anyone but a mail system', () => {
  const notice = (extra: string) =>
    [
      'From: IT-Abteilung <it@kunde.example.de>',
      `To: bounces+${vars.token}@plankurier.test`,
      'Subject: Ihre Nachricht',
      extra,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Ihr Postfach ist voll, 3 Nachrichten konnten nicht zugestellt werden. Klicken Sie hier.',
    ].join('\r\n');

  test('is a bounce when it names the mail it is about, and no bounce (spam to the bounce address) when not', async () => {
    const aboutOurs = await parseBounce(notice(`In-Reply-To: ${vars.messageId}`));
    expect(aboutOurs.reports.map((r) => [r.kind, r.status])).toEqual([['permanent', '5.2.2']]);
    expect((await parseBounce(notice('X-Priority: 1'))).reports).toEqual([]);
  });

  test("a mail daemon's notice that only says the address cannot take mail is permanent; a no-reply sender's mail is no report", async () => {
    const mail = (from: string) =>
      [
        `From: ${from}`,
        `To: bounces+${vars.token}@plankurier.test`,
        'Subject: Message status',
        'Content-Type: text/plain; charset=utf-8',
        '',
        ` ${vars.email} ... unknown host`,
      ].join('\r\n');
    const daemon = await parseBounce(mail('Mail Delivery Subsystem <MAILER-DAEMON@relay.example.net>'));
    expect(daemon.reports.map((r) => [r.kind, r.status])).toEqual([['permanent', '5.1.2']]);
    expect((await parseBounce(mail('Kundenportal <noreply@portal.example.net>'))).reports).toEqual([]);
  });
});

describe("a person's answer or forward is never a report, whatever it quotes", () => {
  const answer = (from: string, subject: string) =>
    [
      `From: ${from}`,
      `To: bounces+${vars.token}@plankurier.test`,
      `Subject: ${subject}`,
      `In-Reply-To: ${vars.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The link gave me "host unknown", no such user here. Die Zustellung ist fehlgeschlagen; I will keep trying.',
    ].join('\r\n');

  test.each([
    ['Karl Huber <k.huber@huber.example>', 'Re: Projekt: P | Haus Mueller'],
    ['Karl Huber <k.huber@huber.example>', 'AW: Projekt: P | Haus Mueller'],
    ['Postmaster <postmaster@huber.example>', 'Re: Projekt: P | Haus Mueller'],
    ['Karl Huber <k.huber@huber.example>', 'WG: Undeliverable Message'],
  ])('%s: %s', async (from, subject) => {
    expect((await parseBounce(answer(from, subject))).reports).toEqual([]);
  });

  test('the same words from a mail system under its own subject are its report: still trying', async () => {
    const parsed = await parseBounce(answer('Mail Delivery Subsystem <MAILER-DAEMON@huber.example>', 'Message status'));
    expect(parsed.reports.map((r) => r.kind)).toEqual(['transient']);
  });
});

describe('automatic answers are never bounces', () => {
  test.each([
    'auto-reply-abwesenheitsnotiz.eml',
    'auto-reply-outlook-delivery-notification.eml',
    'auto-reply-x-autoreply-address-retired.eml',
    'auto-reply-postmaster-vacation.eml',
    'outlook-de-automatische-antwort.eml',
    'auto-reply-helpdesk-ticket.eml',
    'gmail-vacation-responder.eml',
    'thunderbird-sieve-vacation.eml',
    'read-receipt-mdn.eml',
    'ooo-outlook-de-automatische-antwort-exchange.eml',
    'ooo-en-out-of-office-no-auto-headers.eml',
    'lotus-notes-de-ist-ausser-haus.eml',
    'sieve-vacation-auto-de-urlaub.eml',
    'gmail-vacation-custom-subject-urlaub.eml',
    'mdn-outlook-de-gelesen.eml',
    'mdn-outlook-en-not-read-deleted.eml',
    'otrs-ticket-eingangsbestaetigung.eml',
    'auto-reply-de-nicht-mehr-im-unternehmen.eml',
  ])('%s gives no report, whatever its words say', async (file) => {
    const { parsed } = await outcome(file);
    expect(parsed.reports).toEqual([]);
    expect(parsed.tokens).toEqual([vars.token]);
  });
});

describe('reading returned mail', () => {
  test('a report about two recipients gives one report each, and the recipient row takes its own', async () => {
    const raw = returnedMail('sendmail-two-recipients.eml', {
      ...vars,
      email: 'Eins@Example.net',
      other: 'zwei@example.net',
    });
    const parsed = await parseBounce(raw);
    expect(parsed.reports.map((r) => [r.kind, r.status, r.recipients])).toEqual([
      ['permanent', '5.1.1', ['eins@example.net']],
      ['transient', '4.2.2', ['zwei@example.net']],
    ]);
    expect(reportFor(parsed.reports, 'eins@example.net')?.kind).toBe('permanent');
    expect(reportFor(parsed.reports, 'zwei@example.net')?.kind).toBe('transient');
  });

  test('a report that names only the address a forward led to is about the recipient of the VERP envelope', async () => {
    const raw = returnedMail('postfix-user-unknown.eml', vars).replaceAll(vars.email, 'anna@weitergeleitet.example');
    const parsed = await parseBounce(raw);
    expect(parsed.tokens).toEqual([vars.token]);
    expect(reportFor(parsed.reports, vars.email)).toMatchObject({
      kind: 'permanent',
      status: '5.1.1',
      recipients: ['anna@weitergeleitet.example'],
    });
  });

  test('a report naming the original recipient beside the final one (a forward) is about the original', async () => {
    const raw = returnedMail('postfix-user-unknown.eml', vars).replace(
      `Final-Recipient: rfc822; ${vars.email}`,
      'Final-Recipient: rfc822; anna@weitergeleitet.example',
    );
    const parsed = await parseBounce(raw);
    expect(reportFor(parsed.reports, vars.email)?.recipients).toEqual(['anna@weitergeleitet.example', vars.email]);
  });

  test("an address in quotes ('a@b.example', Exchange 2003) is the address, not one with an apostrophe", async () => {
    expect(addressesIn("      'Anna@Bueroplan.example' am 17.03.2025 13:31", new Set())).toEqual([
      'anna@bueroplan.example',
    ]);
    const { report } = await outcome('exchange-2003-de-plain-text-unknown.eml');
    expect(report?.recipients).toEqual([vars.email]);
  });

  test("a session transcript's reply line is the reason, not the transcript around it (MDaemon)", async () => {
    const { report } = await outcome('mdaemon-warning-delayed-greylisting.eml');
    expect(report?.diagnostic).toBe(
      `450 4.7.1 <${vars.email}>: Recipient address rejected: Greylisted, see https://postgrey.schweikert.ch/help/bueroplan.example.com.html`,
    );
  });

  test.each([
    ['5.1.0', "550-'5.1.1 <a@b.example>: User unknown'", '5.1.1'],
    ['5.0.0', '550 5.7.1 Relay access denied', '5.7.1'],
    ['5.7.0', '550 5.1.1 User unknown', '5.7.0'],
    ['5.2.2', '550 5.1.1 User unknown', '5.2.2'],
    // Another class's code does not replace it; its words still say what the class alone does not (Postfix's soft_bounce writes 4.1.1).
    ['4.0.0', '550 5.1.1 User unknown', '4.1.1'],
  ])("a report's %s beside the remote server's '%s' gives %s", async (given, diagnostic, status) => {
    const raw = [
      'From: <MAILER-DAEMON@gw.example.net>',
      `To: <bounces+${vars.token}@plankurier.test>`,
      'Subject: Undeliverable: Pläne',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="GW"',
      '',
      '--GW',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '',
      '--GW',
      'Content-Type: message/delivery-status',
      '',
      `Final-Recipient: rfc822; ${vars.email}`,
      'Action: failed',
      `Status: ${given}`,
      `Diagnostic-Code: smtp; ${diagnostic}`,
      '',
      '--GW--',
      '',
    ].join('\r\n');
    expect(reportFor((await parseBounce(raw)).reports, vars.email)?.status).toBe(status);
  });

  test("without the remote server's words a generic code takes the notice's, never the original's subject it quotes", async () => {
    const dsn = (text: string) =>
      [
        'From: Mail Delivery System <Mailer-Daemon@mail.example.net>',
        `To: bounces+${vars.token}@plankurier.test`,
        'Subject: Mail delivery failed: returning message to sender',
        'Content-Type: multipart/report; report-type=delivery-status; boundary=X',
        '',
        '--X',
        'Content-type: text/plain; charset=us-ascii',
        '',
        text,
        '',
        '--X',
        'Content-type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mail.example.net',
        '',
        'Action: failed',
        `Final-Recipient: rfc822;${vars.email}`,
        'Status: 5.0.0',
        '',
        '--X--',
        '',
      ].join('\r\n');
    const status = async (text: string) => reportFor((await parseBounce(dsn(text))).reports, vars.email)?.status;
    expect(await status(`  ${vars.email}\n    retry timeout exceeded`)).toBe('5.4.7');
    expect(
      await status(`Subject: Pläne mit Anhang, blockierte Fenster\n\n  ${vars.email}\n    unrouteable mail domain`),
    ).toBe('5.1.2');
    expect(await status(`Subject: Pläne mit Anhang, blockierte Fenster\n\n  ${vars.email}`)).toBe('5.0.0');
  });

  test("Exim's plain-text bounce: the status from the SMTP error, the remote server's words around it", async () => {
    const { parsed, report } = await outcome('exim-user-unknown.eml');
    expect(report).toEqual({
      kind: 'permanent',
      status: '5.1.1',
      recipients: [vars.email],
      diagnostic: `host mail.example.com [192.0.2.20] SMTP error from remote mail server after RCPT TO:<${vars.email}>: 550 5.1.1 The email account that you tried to reach does not exist.`,
    });
    expect(parsed.originalMessageId).toBe(vars.messageId);
  });

  test('without a quoted original the Message-ID comes from In-Reply-To, the token from the envelope headers', async () => {
    const { parsed, report } = await outcome('google-groups-no-permission.eml');
    expect(report?.kind).toBe('permanent');
    const withoutOriginal = returnedMail('google-groups-no-permission.eml', vars).split('----- Original message')[0]!;
    const bare = await parseBounce(withoutOriginal);
    expect([bare.originalMessageId, bare.tokens]).toEqual([vars.messageId, parsed.tokens]);
  });

  test('an SES notification posted as bare JSON is read like its mail', async () => {
    const mail = await parseBounce(returnedMail('ses-notification-permanent.eml', vars));
    const body = mail.reports[0]!;
    const json = JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: vars.email, status: '5.1.1', diagnosticCode: body.diagnostic }],
      },
      mail: { source: `bounces+${vars.token}@plankurier.test`, commonHeaders: { messageId: vars.messageId } },
    });
    expect(await parseBounce(json)).toEqual(mail);
    const complaint = JSON.stringify({ notificationType: 'Complaint', complaint: {}, mail: {} });
    expect((await parseBounce(complaint)).reports).toEqual([]);
  });

  test.each([
    ['empty', ''],
    ['binary noise', Buffer.from([0, 255, 1, 254, 13, 10, 13, 10, 0, 0, 7])],
    [
      'a broken multipart',
      'Content-Type: multipart/report; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nAction',
    ],
    ['deep nesting', `${'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\n'.repeat(200)}`],
    ['broken JSON', '{"notificationType":"Bounce","bounce":'],
  ])('unreadable input (%s) gives no reports and never throws', async (_name, raw) => {
    const parsed = await parseBounce(raw);
    expect(parsed.reports).toEqual([]);
  });

  test("reading the envelope's token leaves nothing behind that hides the tokens of the next mail", async () => {
    expect(verpToken(`Bounce Receiver <bounces+${'f'.repeat(32)}@plankurier.test>`)).toBe('f'.repeat(32));
    expect((await parseBounce(returnedMail('qmail-no-mailbox.eml', vars))).tokens).toEqual([vars.token]);
  });

  test('VERP tokens are read from bounces+<token>@ addresses only', () => {
    expect(verpToken(`bounces+${vars.token}@plankurier.test`)).toBe(vars.token);
    expect(verpToken('BOUNCES+abcdefgh12@x.example')).toBe('abcdefgh12');
    expect(verpToken('office@plankurier.test')).toBeNull();
    expect(verpToken('bounces+short@x')).toBeNull();
  });
});

describe('status codes in a report', () => {
  test('an enhanced code after a reply code wins; versions, addresses and dates are none', () => {
    expect(enhancedCodeIn("smtp; 5.1.0 - Unknown address error 550-'5.2.2 <a@b.example>")?.code).toBe('5.2.2');
    expect(enhancedCodeIn('Sorry, no mailbox here by that name. (#5.1.1)')?.code).toBe('5.1.1');
    expect(enhancedCodeIn('Exim 4.96.2, host 192.0.2.5, 5.1.1.3, 4.5.2010')).toBeNull();
  });

  test("a transcript's success codes are none while it names a failure code: MDaemon's '250 2.1.0 Ok' to MAIL FROM", () => {
    const transcript = [
      '--> MAIL From:<a@b.example>',
      '<-- 250 2.1.0 Ok',
      '--> RCPT To:<c@d.example>',
      '<-- 450 4.7.1 Greylisted',
    ];
    expect(enhancedCodeIn(transcript.join('\n'))?.code).toBe('4.7.1');
    expect(enhancedCodeIn('smtp; 250 2.0.0 Ok: queued as 4Z3eF17aBcz')?.code).toBe('2.0.0');
  });

  test('a reply code where a transcript or a notice quotes one', () => {
    expect(replyCodeIn('<<< 550 <a@b.example>... User unknown')?.code).toBe('550');
    expect(replyCodeIn('554: delivery error: dd Not a valid recipient')?.code).toBe('554');
    expect(replyCodeIn('Size (bytes): 3612\nSent: 23 Nov 2026 11:20')).toBeNull();
  });

  test('a reply code keeps its class and takes the detail its wording means; wording alone takes the class of the verdict', () => {
    expect(statusOf({ enhanced: null, reply: '550' }, 'User unknown', 'permanent')).toBe('5.1.1');
    expect(statusOf({ enhanced: null, reply: '452' }, 'Mailbox full', 'permanent')).toBe('4.2.2');
    expect(statusOf({ enhanced: null, reply: null }, 'As their mailbox is full.', 'permanent')).toBe('5.2.2');
    expect(statusOf({ enhanced: null, reply: null }, 'The group may not exist', 'permanent')).toBe('5.0.0');
    expect(statusOf({ enhanced: null, reply: null }, 'a@b.example: Domain does not exist', 'permanent')).toBe('5.1.2');
    expect(statusOf({ enhanced: null, reply: '550' }, 'Error: No valid recipients for this MM', 'permanent')).toBe(
      '5.1.1',
    );
    expect(statusOf({ enhanced: '4.4.7', reply: '550' }, 'expired', 'permanent')).toBe('4.4.7');
  });

  test('wording without a code: a malformed address is 1.3, an unknown host 1.2, an unknown user 1.1, a time that ran out 4.7', () => {
    const words = (text: string) => statusOf({ enhanced: null, reply: null }, text, 'permanent');
    expect(words('The malformed recipient address <a@b.example>> has been ignored.')).toBe('5.1.3');
    expect(words('malformed address: .com may not follow a@b.example')).toBe('5.1.3');
    expect(words(' a@b.example ... unknown host')).toBe('5.1.2');
    expect(words('Reason: hostname lookup for b.example failed - no such host')).toBe('5.1.2');
    expect(words('Error: Invalid user address')).toBe('5.1.1');
    expect(words('Destination addressee\n        unknown')).toBe('5.1.1');
    expect(words('was aborted after 5.0 hour(s)')).toBe('5.4.7');
    expect(statusOf({ enhanced: null, reply: '421' }, 'the retry period was exceeded', 'permanent')).toBe('4.4.7');
  });

  test("a generic X.0.0 takes the detail its wording means, in the report's own class", () => {
    const storage = 'smtp; 552 Requested mail action aborted: exceeded storage allocation';
    expect(statusOf({ enhanced: '5.0.0', reply: '552' }, storage, 'permanent')).toBe('5.2.2');
    expect(
      statusOf(
        { enhanced: '5.0.0', reply: '552' },
        '552 1 Requested mail action aborted, mailbox not found',
        'permanent',
      ),
    ).toBe('5.1.1');
    expect(statusOf({ enhanced: '5.0.0', reply: null }, 'retry timeout exceeded', 'permanent')).toBe('5.4.7');
    expect(statusOf({ enhanced: '4.0.0', reply: '452' }, 'Over quota', 'permanent')).toBe('4.2.2');
    expect(statusOf({ enhanced: '5.0.0', reply: null }, 'X-Notes; Mailbox unavailable', 'permanent')).toBe('5.0.0');
    expect(
      statusOf(
        { enhanced: null, reply: '554' },
        "554: delivery error: dd This user doesn't have a yahoo.de account",
        'permanent',
      ),
    ).toBe('5.1.1');
    expect(statusOf({ enhanced: null, reply: '550' }, '550 Empfaenger unbekannt', 'permanent')).toBe('5.1.1');
  });
});
