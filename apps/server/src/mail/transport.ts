import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

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
}

/** The bare address of MAIL_FROM ('Name <a@b>' or 'a@b'). */
export const mailFromAddress = (mailFrom: string) => (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();

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

export interface MailSender {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/**
 * Real MIME either way: SMTP when SMTP_URL is set, otherwise each message is written as an .eml
 * file to the outbox directory (listed on /dev/outbox in development).
 */
export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): MailSender {
  if (config.smtpUrl) {
    // Pooled: connections stay open between messages, so a server's greeting delay (smtp-server
    // waits 100 ms before it greets, many relays longer) and the handshake are paid once per
    // connection, not per message. As many connections as delivery senders run in parallel.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      ...SMTP_TIMEOUTS,
    });
    return {
      send: async (mail) => {
        await transport.sendMail(messageOptions(config.mailFrom, mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
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
    close: () => transport.close(),
  };
}
