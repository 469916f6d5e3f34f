import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
  parsed: Email;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  waitFor: (predicate: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
  /** Milliseconds the sink waits before accepting each message (a slow SMTP server); 0 by default. */
  delayMs: number;
  /** Answers RCPT TO for an address with this SMTP reply instead of accepting it (e.g. 451, 550). */
  rejectRecipient: ((address: string) => { code: number; message: string } | undefined) | undefined;
  /** Every RCPT TO the sink was asked, accepted or not. */
  recipientsAsked: string[];
  /**
   * From now on, messages whose data arrived wait unanswered (in flight, as for an SMTP server
   * that is slow to say 250) until resume(); `after` more are still accepted first.
   */
  pause: (after?: number) => void;
  /** Accepts the waiting messages and every later one. */
  resume: () => void;
  /** Messages whose data arrived and that wait for resume(). */
  readonly held: number;
  /**
   * A relay outage until recover(): every open session is closed, and new connections are refused
   * at the greeting with this reply (`{ refuse }`, a relay that is down) or never greeted ('hang',
   * a relay that accepts the connection and then says nothing).
   */
  outage: (mode: { refuse: { code: number; message: string } } | 'hang') => void;
  recover: () => void;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. With `auth` it takes mail
 * only after a login with that user and password, as relays do.
 */
export async function startSmtpSink(
  options: { delayMs?: number; auth?: { user: string; pass: string } } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const state: Pick<SmtpSink, 'delayMs' | 'rejectRecipient'> = {
    delayMs: options.delayMs ?? 0,
    rejectRecipient: undefined,
  };
  const recipientsAsked: string[] = [];
  const waiters = new Set<() => void>();
  // While paused: how many messages still pass, and the gate the others wait at.
  const paused = { pass: 0, gate: undefined as { promise: Promise<undefined>; open: () => void } | undefined, held: 0 };
  const passGate = async () => {
    if (!paused.gate) return;
    if (paused.pass > 0) {
      paused.pass--;
      return;
    }
    paused.held++;
    await paused.gate.promise;
    paused.held--;
  };
  const login = options.auth;
  let outage: Parameters<SmtpSink['outage']>[0] | undefined;
  const server: SMTPServer = new SMTPServer({
    ...(login
      ? {
          disabledCommands: ['STARTTLS'],
          allowInsecureAuth: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.user && auth.password === login.pass)
              return callback(null, { user: auth.username });
            callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
          },
        }
      : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
    logger: false,
    onConnect(_session, callback) {
      if (outage === 'hang') return; // no greeting, ever: the client's greeting timeout decides
      if (outage)
        return callback(Object.assign(new Error(outage.refuse.message), { responseCode: outage.refuse.code }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      recipientsAsked.push(address.address);
      const reply = state.rejectRecipient?.(address.address);
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const wait = Promise.all([passGate(), new Promise((resolve) => setTimeout(resolve, state.delayMs))]);
        wait
          .then(() => PostalMime.parse(raw))
          .then(
            (parsed) => {
              messages.push({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
              });
              waiters.forEach((w) => w());
              callback();
            },
            (err: Error) => callback(err),
          );
      });
    },
  });
  // A client that vanishes mid-session (a killed server process, a dropped pooled connection)
  // resets its socket; for the sink that is no error.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get rejectRecipient() {
      return state.rejectRecipient;
    },
    set rejectRecipient(reject) {
      state.rejectRecipient = reject;
    },
    recipientsAsked,
    pause: (after = 0) => {
      if (!paused.gate) {
        let open = () => {};
        const promise = new Promise<undefined>((resolve) => (open = () => resolve(undefined)));
        paused.gate = { promise, open };
      }
      paused.pass = after;
    },
    resume: () => {
      paused.gate?.open();
      paused.gate = undefined;
    },
    get held() {
      return paused.held;
    },
    outage: (mode) => {
      outage = mode;
      const open = (server as unknown as { connections: Set<{ close: () => void }> }).connections;
      for (const connection of [...open]) connection.close();
    },
    recover: () => {
      outage = undefined;
    },
    waitFor: (predicate, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
