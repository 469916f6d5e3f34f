import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { Deps } from '../../deps.ts';
import { parseBounce, verpToken } from './classify.ts';
import { recordBounce } from './service.ts';

/** Returned mail is small: a report and the original's headers, at most a copy of the message. */
export const BOUNCE_MAX_BYTES = 2 * 1024 * 1024;

export interface BounceListener {
  port: number;
  close: () => Promise<void>;
}

type ListenerDeps = Pick<Deps, 'db' | 'realtime' | 'log'>;

/**
 * Reads the message up to the size limit and drains the rest unkept; null for a message over the
 * limit (smtp-server also flags it `sizeExceeded`).
 */
function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= BOUNCE_MAX_BYTES) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(stream.sizeExceeded || bytes > BOUNCE_MAX_BYTES ? null : Buffer.concat(chunks)));
  });
}

/**
 * The SMTP server our VERP envelope senders point at (MX of MAIL_DOMAIN or a relay forwarding
 * `bounces+*`). It takes mail only for `bounces+<token>@…`, reads it up to BOUNCE_MAX_BYTES and
 * hands it to the classifier. Whatever the message says, the sender gets 250 once it is read: a
 * bounce that we cannot use must not bounce again.
 */
export async function startBounceListener(
  deps: ListenerDeps,
  options: { port: number; host: string },
): Promise<BounceListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: BOUNCE_MAX_BYTES,
    logger: false,
    banner: 'Plankurier bounce receiver',
    onRcptTo(address, _session, callback) {
      if (verpToken(address.address)) return callback();
      return callback(Object.assign(new Error('No such recipient'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const tokens = session.envelope.rcptTo.map((r) => verpToken(r.address)).filter((t): t is string => t !== null);
      readMessage(stream)
        .then(async (raw) => {
          if (!raw) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          const parsed = await parseBounce(raw);
          // The envelope's tokens come first: they name our recipient for certain.
          await recordBounce(deps, { ...parsed, tokens: [...new Set([...tokens, ...parsed.tokens])] });
          return callback();
        })
        .catch((err: unknown) => {
          deps.log.warn({ err }, 'bounce could not be recorded');
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        });
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'bounce listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  deps.log.info({ port, host: options.host }, 'bounce listener ready');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
