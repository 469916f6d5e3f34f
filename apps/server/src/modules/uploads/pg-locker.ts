import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'tus_lock_release';
// First key of the two-int advisory lock: keeps tus locks apart from any other advisory lock.
const LOCK_CLASS = 0x7475;
const RETRY_MS = 50;

export interface PgLocker extends Locker {
  close: () => Promise<void>;
}

/**
 * A tus Locker for several server processes on one database: a session-level PostgreSQL advisory
 * lock on a hash of the upload id, held on a dedicated connection (its own small pool, so locks
 * never starve the request pool) and released on unlock. A request that waits for a lock asks the
 * holder — in whichever process — to let go (tus' "cancelReq") through NOTIFY, as the protocol
 * wants a stale PATCH to give way to the client's resumed one. A holder whose process dies loses
 * the lock with its connection.
 */
export function createPgLocker(
  databaseUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  options: { acquireTimeoutMs?: number } = {},
): PgLocker {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 50,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 5000,
  });
  pool.on('error', (err) => log.warn({ err: err.message }, 'tus lock connection failed'));
  // A checked-out client has no pool listener: a database restart must not throw from it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const holders = new Map<string, RequestRelease>();
  let listener: Promise<pg.Client> | undefined;

  const listen = () =>
    (listener ??= (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      const forget = () => {
        listener = undefined;
      };
      client.on('error', (err) => {
        log.warn({ err: err.message }, 'tus lock listener failed');
        forget();
      });
      client.on('end', forget);
      client.on('notification', (msg) => {
        const release = msg.payload ? holders.get(msg.payload) : undefined;
        if (release) void Promise.resolve(release()).catch(() => undefined);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (err) {
        forget();
        await client.end().catch(() => undefined);
        throw err;
      }
      return client;
    })());

  const newLock = (id: string): Lock => {
    let client: pg.PoolClient | undefined;
    return {
      lock: async (signal, requestRelease) => {
        await listen();
        const conn = await pool.connect();
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = false;
        try {
          for (;;) {
            if (signal.aborted) throw ERRORS.ABORTED;
            const { rows } = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
              LOCK_CLASS,
              id,
            ]);
            if (rows[0]?.ok) break;
            if (!asked) {
              asked = true;
              await conn.query('select pg_notify($1, $2)', [CHANNEL, id]);
            }
            if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await new Promise((r) => setTimeout(r, RETRY_MS));
          }
        } catch (err) {
          conn.release();
          throw err;
        }
        client = conn;
        holders.set(id, requestRelease);
      },
      unlock: async () => {
        const conn = client;
        if (!conn) throw new Error('Releasing an unlocked lock!');
        client = undefined;
        holders.delete(id);
        try {
          await conn.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, id]);
          conn.release();
        } catch (err) {
          // A broken connection holds no lock any more; drop it from the pool.
          conn.release(err as Error);
        }
      },
    };
  };

  return {
    newLock,
    close: async () => {
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
