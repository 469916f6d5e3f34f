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
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000 };
/** A start-up check (and a re-check during an outage) must not wait for the long send timeouts. */
const CHECK_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000 };
const SMTP_CONNECTIONS = 4;
/** While the relay cannot be used, it is logged in to again this often: its return is noticed by itself. */
export const RELAY_RECHECK_MS = 10_000;

export type SmtpTimeouts = NonNullable<Config['smtpTimeouts']>;

const nodemailerTimeouts = (t: SmtpTimeouts) => ({
  connectionTimeout: t.connectionMs,
  greetingTimeout: t.greetingMs,
  socketTimeout: t.socketMs,
});

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
  /**
   * Calls `listener` whenever the relay can be used again after it could not (a send went through,
   * or a re-check logged in); answers a function that removes it.
   */
  onRelayBack: (listener: () => void) => () => void;
  close: () => void;
}

type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Failures that say the relay itself cannot be used (down, unreachable, hanging, refusing the
 * connection or the greeting, wrong login), not one address or one message.
 */
const RELAY_FAILURES = new Set([
  'EAUTH',
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ENOAUTH',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** Whether a failed send says the relay cannot be used (see RELAY_FAILURES), rather than refusing this mail. */
export const isRelayFailure = (err: unknown) => RELAY_FAILURES.has((err as { code?: string }).code ?? '');

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

/**
 * Real MIME either way: SMTP when SMTP_URL is set, otherwise each message is written as an .eml
 * file to the outbox directory (listed on /dev/outbox in development). Every mail that cannot be
 * sent is logged with its reason, whoever sent it (account, contact and delivery mails alike).
 *
 * The relay's state (status(), /api/health) turns false at the first send or login that says the
 * relay cannot be used, and true at the next one that goes through. While it is false the relay is
 * logged in to again every RELAY_RECHECK_MS, so its return is noticed without a mail to send, and
 * onRelayBack's listeners hear of it (the delivery senders then bring their waiting retries forward).
 */
export function createMailSender(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir' | 'smtpTimeouts' | 'relayRecheckMs'>,
  log: MailLog,
): MailSender {
  const state: MailStatus = { transport: config.smtpUrl ? 'smtp' : 'outbox', ok: null, checkedAt: null, error: null };
  const listeners = new Set<() => void>();
  const deliver = config.smtpUrl
    ? smtpDelivery(config.smtpUrl, config.mailFrom, config.smtpTimeouts ?? SMTP_TIMEOUTS)
    : outboxDelivery(config);
  const relay = config.smtpUrl ? relayOf(config.smtpUrl) : config.outboxDir;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;

  const record = (ok: boolean, error: string | null) => {
    const wasDown = state.ok === false;
    Object.assign(state, { ok, error, checkedAt: new Date().toISOString() });
    if (ok && wasDown) {
      clearInterval(recheck);
      recheck = undefined;
      log.info({ relay }, 'mail relay can be used again');
      for (const listener of listeners) listener();
    }
    if (!ok && !recheck && !closed && config.smtpUrl) {
      // One check at a time: a hanging relay keeps a check busy for its timeouts.
      let checking = false;
      recheck = setInterval(() => {
        if (checking) return;
        checking = true;
        void probe().finally(() => (checking = false));
      }, config.relayRecheckMs ?? RELAY_RECHECK_MS);
      recheck.unref();
    }
  };
  /** Logs in; answers the failure (already recorded), or undefined when the relay took the login. */
  const probe = async () => {
    try {
      await deliver.check();
      record(true, null);
      return undefined;
    } catch (err) {
      const failure = failureOf(err);
      record(false, kindOf(failure));
      return failure;
    }
  };
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
        if (isRelayFailure(err)) record(false, kindOf(failure));
        throw err;
      }
    },
    checkRelay: async () => {
      const failure = await probe();
      if (failure) log.error({ relay, ...failure }, `the mail relay cannot be used: ${failure.reason}`);
      else log.info({ relay }, 'mail relay ready');
    },
    status: () => ({ ...state }),
    onRelayBack: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      closed = true;
      clearInterval(recheck);
      deliver.close();
    },
  };
}

/**
 * Pooled: connections stay open between messages, so a server's greeting delay (smtp-server waits
 * 100 ms before it greets, many relays longer) and the handshake are paid once per connection, not
 * per message. As many connections as delivery senders run in parallel.
 */
function smtpDelivery(smtpUrl: string, mailFrom: string, timeouts: SmtpTimeouts) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    ...nodemailerTimeouts(timeouts),
  });
  // At most as long as a send may take: a shorter send timeout (tests) shortens the check too.
  const checkTimeouts: SmtpTimeouts = {
    connectionMs: Math.min(CHECK_TIMEOUTS.connectionMs, timeouts.connectionMs),
    greetingMs: Math.min(CHECK_TIMEOUTS.greetingMs, timeouts.greetingMs),
    socketMs: Math.min(CHECK_TIMEOUTS.socketMs, timeouts.socketMs),
  };
  return {
    send: async (mail: OutgoingMail) => {
      await transport.sendMail(messageOptions(mailFrom, mail));
    },
    check: async () => {
      const probe = nodemailer.createTransport({ url: smtpUrl, ...nodemailerTimeouts(checkTimeouts) });
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
