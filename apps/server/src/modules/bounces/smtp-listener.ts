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
 * bounce that we cannot use must not bounce again. A port it cannot have (another instance on this
 * machine holds 2525) is one warning and no listener: returned mail is worth less than the server.
 */
export async function startBounceListener(
  deps: ListenerDeps,
  options: { port: number; host: string },
): Promise<BounceListener | undefined> {
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
  let listens = false;
  // Errors of the listen itself are said once below (smtp-server repeats them here).
  server.on('error', (err) => listens && deps.log.warn({ err }, 'bounce listener error'));
  const listenError = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    server.server.once('error', resolve);
    server.listen(options.port, options.host, () => {
      server.server.off('error', resolve);
      resolve(undefined);
    });
  });
  if (listenError) {
    deps.log.warn(cannotListen(options, listenError));
    return undefined;
  }
  listens = true;
  const { port } = server.server.address() as AddressInfo;
  deps.log.info({ port, host: options.host }, 'bounce listener ready');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const cannotListen = ({ port, host }: { port: number; host: string }, err: NodeJS.ErrnoException) =>
  err.code === 'EADDRINUSE'
    ? `BOUNCE_SMTP_PORT ${port} on ${host} is in use by another program: this process receives no returned mail by SMTP (set BOUNCE_SMTP_PORT to a free port)`
    : `the bounce listener cannot listen on ${host}:${port} (${err.code ?? err.message}): this process receives no returned mail by SMTP`;
