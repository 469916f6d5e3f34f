/**
 * Returned mail as real mail servers write it, for tests: Postfix's RFC 3464 reports (permanent
 * and delayed), a Sendmail report about two recipients, Exim's and qmail's plain-text bounces.
 * `token` is the VERP token the bounce goes back to, `messageId` the original's Message-ID.
 */

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

export function postfixPermanent(opts: { token: string; email: string; messageId: string }): string {
  return crlf(`Return-Path: <>
Delivered-To: bounces+${opts.token}@plankurier.test
Received: by mx.example.org (Postfix) id 4QX1; Sun, 22 Nov 2026 02:00:01 +0000 (UTC)
Date: Sun, 22 Nov 2026 02:00:01 +0000 (UTC)
From: MAILER-DAEMON@mx.example.org (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: bounces+${opts.token}@plankurier.test
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="4QX1.1700000000/mx.example.org"
Content-Transfer-Encoding: 8bit
Message-Id: <20261122020001.4QX1@mx.example.org>

This is a MIME-encapsulated message.

--4QX1.1700000000/mx.example.org
Content-Description: Notification
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

This is the mail system at host mx.example.org.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

<${opts.email}>: host mail.example.org[192.0.2.10] said: 550 5.1.1
    <${opts.email}>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)

--4QX1.1700000000/mx.example.org
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
X-Postfix-Queue-ID: 4QX1
X-Postfix-Sender: rfc822; bounces+${opts.token}@plankurier.test
Arrival-Date: Sun, 22 Nov 2026 02:00:00 +0000 (UTC)

Final-Recipient: rfc822; ${opts.email}
Original-Recipient: rfc822;${opts.email}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mail.example.org
Diagnostic-Code: smtp; 550 5.1.1 <${opts.email}>: Recipient address rejected:
    User unknown in virtual mailbox table

--4QX1.1700000000/mx.example.org
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers
Content-Transfer-Encoding: 8bit

Return-Path: <bounces+${opts.token}@plankurier.test>
From: =?UTF-8?Q?B=C3=BCro_Anna?= <noreply@plankurier.local>
To: ${opts.email}
Subject: Projekt: P | Haus Mueller
Message-ID: ${opts.messageId}
Date: Sun, 22 Nov 2026 01:59:59 +0000
MIME-Version: 1.0

--4QX1.1700000000/mx.example.org--
`);
}

export function postfixDelayed(opts: { token: string; email: string; messageId: string; status?: string }): string {
  const status = opts.status ?? '4.4.1';
  return crlf(`Return-Path: <>
From: MAILER-DAEMON@mx.example.org (Mail Delivery System)
Subject: Delayed Mail (still being retried)
To: bounces+${opts.token}@plankurier.test
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="DLY.1/mx"
Message-Id: <20261122030000.DLY@mx.example.org>

--DLY.1/mx
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.org.

####################################################################
# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #
####################################################################

Your message could not be delivered for more than 4 hour(s).
It will be retried until it is 5 day(s) old.

--DLY.1/mx
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
Arrival-Date: Sun, 22 Nov 2026 02:00:00 +0000 (UTC)

Final-Recipient: rfc822; ${opts.email}
Action: delayed
Status: ${status}
Diagnostic-Code: X-Postfix; connect to mail.example.org[192.0.2.10]:25: Connection
    timed out
Will-Retry-Until: Fri, 27 Nov 2026 02:00:00 +0000 (UTC)

--DLY.1/mx
Content-Description: Undelivered Message
Content-Type: message/rfc822

Return-Path: <bounces+${opts.token}@plankurier.test>
To: ${opts.email}
Subject: Projekt: P | Haus Mueller
Message-ID: ${opts.messageId}
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Guten Tag, anbei die Plaene.

--DLY.1/mx--
`);
}

/** Sendmail reports two recipients in one DSN: one unknown (5.1.1), one delayed (4.2.2 mailbox full). */
export function sendmailTwoRecipients(opts: { failed: string; delayed: string; messageId: string }): string {
  return crlf(`From: Mail Delivery Subsystem <MAILER-DAEMON@relay.example.net>
To: <noreply@plankurier.local>
Subject: Returned mail: see transcript for details
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="2BAK.SM"

--2BAK.SM

The original message was received at Sun, 22 Nov 2026 02:00:00 GMT

   ----- The following addresses had permanent fatal errors -----
<${opts.failed}>

--2BAK.SM
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.example.net
Received-From-MTA: DNS; plankurier.test
Arrival-Date: Sun, 22 Nov 2026 02:00:00 GMT

Final-Recipient: RFC822; ${opts.failed}
Action: failed
Status: 5.1.1
Remote-MTA: DNS; mail.example.net
Diagnostic-Code: SMTP; 550 5.1.1 <${opts.failed}>... User unknown
Last-Attempt-Date: Sun, 22 Nov 2026 02:00:01 GMT

Final-Recipient: RFC822; ${opts.delayed}
Action: delayed
Status: 4.2.2
Diagnostic-Code: SMTP; 452 4.2.2 Mailbox full
Last-Attempt-Date: Sun, 22 Nov 2026 02:00:01 GMT

--2BAK.SM
Content-Type: message/rfc822

Message-ID: ${opts.messageId}
Subject: Projekt: P | Haus Mueller

Text.
--2BAK.SM--
`);
}

export function eximPlain(opts: { token: string; email: string; messageId: string }): string {
  return crlf(`Return-path: <>
Envelope-to: bounces+${opts.token}@plankurier.test
X-Failed-Recipients: ${opts.email}
Auto-Submitted: auto-replied
From: Mail Delivery System <Mailer-Daemon@mx.example.com>
To: bounces+${opts.token}@plankurier.test
Subject: Mail delivery failed: returning message to sender
Message-Id: <E1q2-0001@mx.example.com>
Date: Sun, 22 Nov 2026 02:00:02 +0000

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  ${opts.email}
    host mail.example.com [192.0.2.20]
    SMTP error from remote mail server after RCPT TO:<${opts.email}>:
    550 5.1.1 The email account that you tried to reach does not exist.

------ This is a copy of the message, including all the headers. ------

Return-path: <bounces+${opts.token}@plankurier.test>
Message-ID: ${opts.messageId}
Subject: Projekt: P | Haus Mueller
From: Plankurier <noreply@plankurier.local>

Exim 4.96.2 test: the quoted 4.96.2 must not read as a status.
`);
}

export function qmailPlain(opts: { token: string; email: string }): string {
  return crlf(`From: MAILER-DAEMON@mail.example.net
To: bounces+${opts.token}@plankurier.test
Subject: failure notice

Hi. This is the qmail-send program at mail.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<${opts.email}>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

Subject: Projekt: P | Haus Mueller
`);
}

/** An out-of-office reply: mail to the bounce address that is no bounce. */
export function autoReply(opts: { token: string }): string {
  return crlf(`From: Bob Builder <bob@example.org>
To: bounces+${opts.token}@plankurier.test
Subject: Abwesenheitsnotiz: Projekt: P | Haus Mueller
Auto-Submitted: auto-replied

Ich bin bis 30.11. nicht im Büro. Ihre Nachricht 5.1.1 wird nicht weitergeleitet.
`);
}
