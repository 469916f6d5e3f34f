/**
 * bench:delivery — a delivery to 200 participants × 20 plans through the real path: the POST
 * (planning, recipient/file rows and 200 jobs in one transaction), then the pg-boss workers
 * rendering and sending every mail to a local SMTP server (smtp-server on 127.0.0.1). Beside it, in
 * the same run, a bare nodemailer loop sends the same 200 messages (same subject, HTML and text,
 * one after the other) to the same SMTP server. Goal: enqueue < 1 s, total < 2× the bare loop.
 * Writes bench/README.md "## bench:delivery".
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { LightMyRequestResponse } from 'fastify';
import type { DeliveryDto } from '@plankurier/shared';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/index.ts';
import { ensureDatabase } from '../apps/server/src/db/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { startServer } from '../apps/server/src/server.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { insertBenchOffice } from './bench-office.ts';
import { SENDER_BATCH, SENDERS } from '../apps/server/src/jobs/delivery-mail-worker.ts';
import { writeReadmeSection } from './readme-section.ts';

const PARTICIPANTS = 200;
const PLANS = 20;
const GOAL_ENQUEUE_MS = 1000;
const GOAL_RATIO = 2;
/** Two rounds in one run (the second sends the same plans again): the spread shows the machine's noise. */
const ROUNDS = 2;

interface Accepted {
  from: string;
  to: string[];
  raw: Buffer;
}

/** A local SMTP server that accepts everything and keeps the raw messages; `until(n)` resolves at the n-th. */
async function startSink() {
  const accepted: Accepted[] = [];
  let waiting: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of the client per connection: on this machine it costs ~100 ms a message.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        accepted.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        if (waiting && accepted.length >= waiting.n) waiting.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    until: (n: number) =>
      new Promise<void>((resolve) => {
        if (accepted.length >= n) resolve();
        else waiting = { n, resolve };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const generateOffice = (db: Db) =>
  insertBenchOffice(db, 'bench-delivery@example.org', { tier: 'P2', company: 'Ingenieurbüro Bench' });

/** A project of the office with `plans` released plans (PDF + DWG each) and `participants` participants subscribed to all. */
async function generateScene(db: Db, office: { id: string }, number: string, participants: number, plans: number) {
  const project = await db
    .insertInto('project')
    .values({ office_id: office.id, number, name: 'Großprojekt' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const p = project.id;
  await sql`insert into phase (project_id, shortcut, name, sort_order) values (${p}, 'LP5', 'Ausführungsplanung', 0)`.execute(
    db,
  );
  await sql`insert into doc_folder (project_id, phase_id, name, category, sort_order)
    select ${p}, id, 'Grundrisse', 'plans', 0 from phase where project_id = ${p}`.execute(db);
  await sql`insert into doc (project_id, folder_id, doctype, number, name, sort_order)
    select ${p}, f.id, 'plan', 'A-' || lpad(n::text, 3, '0'), 'Grundriss Ebene ' || n, n - 1
    from doc_folder f, generate_series(1, ${plans}) n where f.project_id = ${p}`.execute(db);
  await sql`insert into version (project_id, doc_id, number, index, comment, status, release_date)
    select ${p}, d.id, 1, 'C', 'Freigabe', 'current', now() from doc d where d.project_id = ${p}`.execute(db);
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type, pdf_width_mm, pdf_height_mm, pdf_pages)
    select ${p}, v.doc_id, v.id, 'pdf', 'plan.pdf', 'bench/' || v.id || '.pdf', 2500000, repeat('a', 64), 'application/pdf', 841, 594, 1
    from version v where v.project_id = ${p}`.execute(db);
  await sql`insert into file (project_id, doc_id, version_id, kind, filename, storage_key, size, sha256, mime_type)
    select ${p}, v.doc_id, v.id, 'dwg', 'plan.dwg', 'bench/' || v.id || '.dwg', 4100000, repeat('b', 64), 'image/vnd.dwg'
    from version v where v.project_id = ${p}`.execute(db);
  await sql`insert into participant_folder (project_id, name, sort_order) values (${p}, 'Fachplaner', 0)`.execute(db);
  await sql`insert into contact (office_id, first_name, last_name, email, company)
    select ${office.id}, 'Vorname ' || n, 'Nachname ' || n, ${number} || '-empfaenger-' || n || '@example.org', 'Firma ' || n
    from generate_series(1, ${participants}) n`.execute(db);
  await sql`insert into participant (project_id, contact_id, folder_id, sort_order)
    select ${p}, c.id, f.id, row_number() over (order by c.email)
    from contact c join participant_folder f on f.project_id = ${p}
    where c.office_id = ${office.id} and c.email like ${number + '-%'}`.execute(db);
  // Every participant gets every plan: all as PDF, every second one also DWG.
  await sql`insert into subscription (project_id, doc_id, participant_id, gets_pdf, gets_tec)
    select ${p}, d.id, pa.id, true, pa.sort_order % 2 = 0
    from doc d, participant pa where d.project_id = ${p} and pa.project_id = ${p}`.execute(db);
  await sql`analyze`.execute(db);
  const subs = await db
    .selectFrom('subscription')
    .select(['id', 'participant_id'])
    .where('project_id', '=', p)
    .execute();
  const byParticipant = new Map<string, string[]>();
  for (const s of subs) byParticipant.set(s.participant_id, [...(byParticipant.get(s.participant_id) ?? []), s.id]);
  return {
    body: {
      projectId: p,
      participants: [...byParticipant].map(([id, subIds]) => ({ _id: id, subs: subIds })),
      includeSubscriberlistForDocs: [],
      sendToBcc: false,
      forceSending: true,
      userMessage: 'Guten Tag,\n\nanbei die freigegebenen Pläne zum Index C.\n\nMit freundlichen Grüßen',
      subject: `Projekt: ${number} | Großprojekt`,
    },
  };
}

/** The same messages through nodemailer alone: one sendMail after the other, as the bare floor. */
async function bareLoop(smtpUrl: string, messages: Accepted[]) {
  const parsed = [];
  for (const m of messages) parsed.push({ envelope: { from: m.from, to: m.to }, mail: await PostalMime.parse(m.raw) });
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1 });
  const start = performance.now();
  for (const { envelope, mail } of parsed) {
    await transport.sendMail({
      from: mail.from ? { name: mail.from.name, address: mail.from.address ?? '' } : envelope.from,
      to: envelope.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      envelope,
    });
  }
  const ms = performance.now() - start;
  transport.close();
  return ms;
}

interface Round {
  enqueueMs: number;
  totalMs: number;
  bareMs: number;
  recorded: string;
}

/** One delivery through the pipeline, then the same messages through the bare loop. */
async function measureRound(
  db: Db,
  sink: Awaited<ReturnType<typeof startSink>>,
  deliver: () => Promise<LightMyRequestResponse>,
): Promise<Round> {
  const start = performance.now();
  const res = await deliver();
  const enqueueMs = performance.now() - start;
  if (res.statusCode !== 202) throw new Error(`delivery answered ${res.statusCode}: ${res.body}`);
  await sink.until(PARTICIPANTS);
  const totalMs = performance.now() - start;
  const delivery = res.json<DeliveryDto>();
  const { done } = await sql<{ done: string }>`select count(*) as done from delivery_recipient
    where delivery_id = ${delivery._id} and status = 'SUCCESS'`
    .execute(db)
    .then((r) => r.rows[0]!);
  const mails = sink.accepted.slice(0, PARTICIPANTS);
  const bareMs = await bareLoop(sink.url, mails);
  return { enqueueMs, totalMs, bareMs, recorded: done };
}

async function main() {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-pg-'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plankurier-bench-'));
  const database = await startEmbeddedPostgres(pgDir);
  const sink = await startSink();
  try {
    await ensureDatabase(database.url('postgres'), 'bench');
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url('bench'),
        DATA_DIR: path.join(dir, 'data'),
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://plankurier.example',
      },
      { webDist: undefined },
    );
    const server = await startServer(config, { listen: false });
    try {
      const office = await generateOffice(server.deps.db);
      const token = await createSession(server.deps.db, office.userId, office.id);
      const send = (body: object) =>
        server.app.inject({
          method: 'POST',
          url: '/api/delivery/participants',
          payload: body,
          headers: { authorization: `Bearer ${token}` },
        });
      // One warm-up delivery of one mail, so code and queries are as warm as in a running server.
      const warmUp = await generateScene(server.deps.db, office, '2026-WARM', 1, 1);
      await send(warmUp.body);
      await sink.until(1);
      sink.accepted.length = 0;
      const scene = await generateScene(server.deps.db, office, '2026-BENCH', PARTICIPANTS, PLANS);

      const rounds: Round[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        sink.accepted.length = 0;
        rounds.push(await measureRound(server.deps.db, sink, () => send(scene.body)));
      }
      const mails = sink.accepted.slice(0, PARTICIPANTS);
      const bytes = mails.reduce((n, m) => n + m.raw.length, 0);
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const rows: [string, string, string][] = [
        ['delivery', `${PARTICIPANTS} participants × ${PLANS} plans (PDF, half also DWG)`, ''],
        ['mails accepted per round', `${mails.length} (avg ${(bytes / mails.length / 1024).toFixed(1)} KB)`, ''],
        ...rounds.flatMap((r, i): [string, string, string][] => [
          [
            `round ${i + 1}: enqueue (POST /api/delivery/participants answered)`,
            `${r.enqueueMs.toFixed(0)} ms`,
            `< ${GOAL_ENQUEUE_MS} ms: ${verdict(r.enqueueMs < GOAL_ENQUEUE_MS)}`,
          ],
          [`round ${i + 1}: total (POST → SMTP server accepted every mail)`, `${r.totalMs.toFixed(0)} ms`, ''],
          [`round ${i + 1}: bare nodemailer loop, same ${PARTICIPANTS} messages`, `${r.bareMs.toFixed(0)} ms`, ''],
          [
            `round ${i + 1}: ratio total / bare loop`,
            `${(r.totalMs / r.bareMs).toFixed(2)}×`,
            `< ${GOAL_RATIO}×: ${verdict(r.totalMs / r.bareMs < GOAL_RATIO)}`,
          ],
          [`round ${i + 1}: recipients recorded SUCCESS when the last mail was accepted`, r.recorded, ''],
        ]),
      ];
      console.table(rows.map(([measure, value, goal]) => ({ measure, value, goal })));
      writeReadmeSection(
        'bench:delivery',
        [
          `\`npm run bench:delivery\` starts an embedded PostgreSQL, the server in-process with its job workers`,
          `(${SENDERS} delivery senders taking ${SENDER_BATCH} jobs at a time, a pooled SMTP transport) and a local SMTP`,
          `server (smtp-server on 127.0.0.1, accepting and keeping every message), inserts an office with ${PLANS} released`,
          `plans (PDF + DWG) and ${PARTICIPANTS} participants subscribed to all of them, sends one warm-up delivery of one`,
          `mail, then measures ${ROUNDS} rounds. Each round sends the ${PARTICIPANTS} participants one delivery through`,
          `\`POST /api/delivery/participants\` (app.inject), then the bare loop sends the same ${PARTICIPANTS} messages.`,
          '',
          `- **Enqueue** is the POST's answer: checks and planning (independent reads side by side), the delivery,`,
          `  ${PARTICIPANTS} recipient rows, the file rows (one \`unnest\` insert) and the ${PARTICIPANTS} jobs (one pg-boss`,
          '  `insert`) in one transaction; the answer is built from the rows written, not read back.',
          `- **Total** runs until the SMTP server accepted the ${PARTICIPANTS}th message: the POST wakes the senders; each`,
          '  takes a batch of jobs, arms its recipients (link token hashes) and reads what their mails need in one',
          '  statement, renders and sends the mails side by side (office, plans and subscriber lists read once per',
          '  delivery), records the sent ones (SUCCESS, first delivery of files, timeline events) in one statement',
          '  and checks the end of the delivery in another.',
          '- **Bare loop**: the same messages (subject, HTML, text, Message-ID and envelope, parsed back from',
          '  what the SMTP server received) through `nodemailer.createTransport({ url, pool: true })`, one',
          '  `sendMail` after the other on one kept-open connection — the floor of sending alone.',
          '',
          'Pooling matters here: smtp-server waits 100 ms before it greets each new connection, so with a',
          'connection per message both sides paid ~115 ms a message (bare loop 23 s). Measured changes: the',
          'pooled transport, file rows in one `unnest` statement (enqueue 1.1-1.7 s → 0.6-1.0 s), the per',
          'delivery reads (total 13.6 s → 8.0 s at load ~17). A CPU profile shows the server process mostly',
          'idle, waiting for PostgreSQL. Round trips per mail went from about 14 (job fetch and completion,',
          'recipient, files, token, a recording transaction of 7 statements under the delivery lock, two',
          'realtime notices) to about 2 (the batch of 5 shares fetch, arming, recording, finish check and',
          'completion; the progress notice stays one per mail; the delivery change is announced at most every',
          '250 ms). The finish check needs no lock: it runs after the recording committed, so of two last',
          'mails the later one sees both. Same-run ratios at load average 5-8, round 1 / round 2: 4 senders',
          'taking one job each 3.5-3.7× / 2.7-3.0×; 2 × 2 jobs 3.6× / 2.9×; 4 × 3 2.2× / 1.9×; 2 × 8 1.8× / 1.6×;',
          '2 × 5 1.7× / 1.5× (kept: 10 mails in flight, so a small office waits for at most those). The',
          'machine is shared with other work; single runs of the same code vary a lot, so compare rounds of',
          'one run, not runs.',
          '',
          `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
            .loadavg()
            .map((n) => n.toFixed(1))
            .join(' / ')}.`,
          '',
          '| measure | value | goal |',
          '| --- | --- | --- |',
          ...rows.map(([k, v, g]) => `| ${k} | ${v} | ${g} |`),
        ].join('\n'),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
    await database.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
