import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { mailFromAddress, type Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  messageId?: string;
  /** SMTP envelope sender (MAIL FROM), e.g. a VERP bounce address; the From header stays as is. */
  envelopeFrom?: string;
  /** Display name of the From header; the address stays MAIL_FROM's. */
  fromName?: string;
  /** Files attached as they are read from disk (nodemailer streams them into the message). */
  attachments?: { filename: string; path: string; contentType: string }[];
}

export { mailFromAddress };

/** nodemailer's options for one mail: the envelope only when a separate sender is asked for. */
function messageOptions(mailFrom: string, mail: OutgoingMail) {
  const { envelopeFrom, fromName, ...rest } = mail;
  const from = fromName ? { name: fromName, address: mailFromAddress(mailFrom) } : mailFrom;
  return { from, ...rest, ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: [mail.to] } } : {}) };
}

/**
 * nodemailer waits up to 10 minutes on a silent server by default. Bounded here, so a send ends
 * (and counts as a transient failure) well before its delivery job would count as lost.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const SMTP_CONNECTIONS = 4;

/** What /api/health tells of the mail relay: checked at start, then kept up to date by every send. */
export interface MailStatus {
  transport: 'smtp' | 'outbox';
  /** null: not checked yet. */
  ok: boolean | null;
  checkedAt: string | null;
  /** The failure's kind (nodemailer's code and the SMTP reply code), never its text: health is public. */
  error: string | null;
}

export interface MailSender {
  send: (mail: OutgoingMail) => Promise<void>;
  /** Connects to the relay and logs in, as a send would; the outcome goes to the log and to status(). */
  checkRelay: () => Promise<void>;
  status: () => MailStatus;
  close: () => void;
}

type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Failures that say the relay itself cannot be used (down, unreachable, wrong login), not one address. */
const RELAY_FAILURES = new Set(['EAUTH', 'ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ENOAUTH']);

const failureOf = (err: unknown) => {
  const e = err as { code?: string; responseCode?: number; message?: string };
  return { reason: e.message ?? String(err), code: e.code, responseCode: e.responseCode };
};

/** 'EAUTH 535': what health may say of a failure. */
const kindOf = (failure: ReturnType<typeof failureOf>) =>
  [failure.code ?? 'ERROR', failure.responseCode].filter((v) => v !== undefined).join(' ');

/** The relay's host and port for the log: SMTP_URL without its user and password. */
const relayOf = (smtpUrl: string) => {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || '(default port)'}`;
  } catch {
    return '(unparsable SMTP_URL)';
  }
};

/** A start-up check must not wait for nodemailer's long default timeouts. */
const CHECK_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * Real MIME either way: SMTP when SMTP_URL is set, otherwise each message is written as an .eml
 * file to the outbox directory (listed on /dev/outbox in development). Every mail that cannot be
 * sent is logged with its reason, whoever sent it (account, contact and delivery mails alike).
 */
export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, log: MailLog): MailSender {
  const state: MailStatus = { transport: config.smtpUrl ? 'smtp' : 'outbox', ok: null, checkedAt: null, error: null };
  const record = (ok: boolean, error: string | null) =>
    Object.assign(state, { ok, error, checkedAt: new Date().toISOString() });
  const deliver = config.smtpUrl ? smtpDelivery(config.smtpUrl, config.mailFrom) : outboxDelivery(config);
  const relay = config.smtpUrl ? relayOf(config.smtpUrl) : config.outboxDir;
  return {
    send: async (mail) => {
      try {
        await deliver.send(mail);
        record(true, null);
      } catch (err) {
        const failure = failureOf(err);
        log.warn(
          { to: mail.to, messageId: mail.messageId, relay, ...failure },
          `a mail could not be sent: ${failure.reason}`,
        );
        if (failure.code && RELAY_FAILURES.has(failure.code)) record(false, kindOf(failure));
        throw err;
      }
    },
    checkRelay: async () => {
      try {
        await deliver.check();
        record(true, null);
        log.info({ relay }, 'mail relay ready');
      } catch (err) {
        const failure = failureOf(err);
        record(false, kindOf(failure));
        log.error({ relay, ...failure }, `the mail relay cannot be used: ${failure.reason}`);
      }
    },
    status: () => ({ ...state }),
    close: () => deliver.close(),
  };
}

/**
 * Pooled: connections stay open between messages, so a server's greeting delay (smtp-server waits
 * 100 ms before it greets, many relays longer) and the handshake are paid once per connection, not
 * per message. As many connections as delivery senders run in parallel.
 */
function smtpDelivery(smtpUrl: string, mailFrom: string) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    ...SMTP_TIMEOUTS,
  });
  return {
    send: async (mail: OutgoingMail) => {
      await transport.sendMail(messageOptions(mailFrom, mail));
    },
    check: async () => {
      const probe = nodemailer.createTransport({ url: smtpUrl, ...CHECK_TIMEOUTS });
      try {
        await probe.verify();
      } finally {
        probe.close();
      }
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(config: Pick<Config, 'mailFrom' | 'outboxDir'>) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail: OutgoingMail) => {
      const info = await transport.sendMail(messageOptions(config.mailFrom, mail));
      await fs.mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = String(info.messageId)
        .replace(/[^a-zA-Z0-9]/g, '')
        .slice(0, 24);
      // Written under a temporary name and renamed, so the mailbox never lists a half-written file.
      // The random part keeps apart the mails of one delivery written in the same millisecond (their
      // Message-IDs share the first 24 characters).
      const file = path.join(config.outboxDir, `${stamp}-${id}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
    },
    check: () => fs.mkdir(config.outboxDir, { recursive: true }).then(() => undefined),
    close: () => transport.close(),
  };
}
