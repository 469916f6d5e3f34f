import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingDto, ProjectBundle, ProjectListResponse, User } from '@plankurier/shared';
import { api } from '../../../test/api.ts';
import { createTestDatabase, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { loadConfig } from '../../config.ts';
import { findSession } from '../../modules/auth/sessions.ts';
import { hashPassword, randomSecret, sha256 } from '../../modules/auth/secrets.ts';
import { createDatabase, type Db, type DatabaseHandle } from '../index.ts';
import { createMigrator, migrateToLatest } from '../migrate.ts';

/**
 * Migration 0016 on a database as the single-user version left it: two accounts with everything an
 * account had, written with the old schema (owner_id everywhere, company and tier on the person,
 * opened_at on the project). Afterwards every row and id is still there, each account is an office
 * of the same id with its person as owner, and the old sessions work in the new app.
 */

/** The app's session rules (30 idle days, 180 in all) on the real clock. */
const sessionPolicy = loadConfig({ NODE_ENV: 'test' });

let database: DatabaseHandle;
let db: Db;
let databaseUrl: string;

/** A row in the old schema (the app's table types describe the new one). */
async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => row[c]))})`.execute(db);
}

const DAY = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const OPENED_AT = new Date('2026-11-02T08:15:00Z');

interface Account {
  id: string;
  email: string;
  token: string;
  recipientToken: string;
  qrToken: string;
  projects: string[];
  openedProject: string;
  docs: string[];
  versions: string[];
  files: string[];
}

let invoiceSeq = 0;

/** One account of the single-user version with a project of everything, an empty second project and a subscription. */
async function oldAccount(options: {
  email: string;
  company: string;
  tier: 'FREE' | 'P1' | 'P2';
  buy: { tier: 'P1' | 'P2'; period: 'MONTH' | 'YEAR'; status: 'ACTIVE' | 'EXPIRED' };
}): Promise<Account> {
  const id = randomUUID();
  const ids = () => randomUUID();
  await insert('app_user', {
    id,
    email: options.email,
    password_hash: await hashPassword('geheim123'),
    first_name: 'Alt',
    last_name: options.company,
    company: options.company,
    street_name: 'Hauptstraße',
    street_number: '7',
    city_code: '70173',
    city_name: 'Stuttgart',
    bcc_email: `kopie-${options.email}`,
    locale: 'de',
    validated: true,
    tier: options.tier,
    buy_period: options.buy.status === 'ACTIVE' ? options.buy.period : null,
    auto_renew_buy: options.buy.status === 'ACTIVE',
    discount_percent: options.tier === 'P2' ? 10 : 0,
    qr_defaults: JSON.stringify({ x: 12, y: 14, width: 25, autoEmbed: true, hasBorder: false }),
    onboarding_muted: JSON.stringify({ emptyDocfolders: true }),
  });
  const token = randomSecret();
  await insert('session_token', { user_id: id, token_hash: sha256(token) });
  await insert('user_code', {
    user_id: id,
    kind: 'validate',
    code_hash: sha256(randomSecret()),
    email: options.email,
    expires_at: inDays(-1),
    used_at: inDays(-2),
  });

  const project = ids();
  const empty = ids();
  await insert('project', { id: project, owner_id: id, number: 'P-1', name: 'Haus Alt', opened_at: OPENED_AT });
  await insert('project', { id: empty, owner_id: id, number: 'P-2', name: 'Leer' });
  const phase = ids();
  await insert('phase', { id: phase, project_id: project, shortcut: 'LP5', name: 'Ausführungsplanung', sort_order: 0 });
  const plans = ids();
  const documents = ids();
  await insert('doc_folder', {
    id: plans,
    project_id: project,
    phase_id: phase,
    name: 'Pläne',
    category: 'plans',
    sort_order: 0,
  });
  await insert('doc_folder', {
    id: documents,
    project_id: project,
    phase_id: phase,
    name: 'Dokumente',
    category: 'documents',
    sort_order: 1,
  });
  const plan = ids();
  const data = ids();
  await insert('doc', {
    id: plan,
    project_id: project,
    folder_id: plans,
    doctype: 'plan',
    number: 'A-101',
    name: 'Grundriss EG',
    sort_order: 0,
    qr: JSON.stringify({ x: 10, y: 10, width: 20, hasBorder: true, embed: true }),
  });
  await insert('doc', {
    id: data,
    project_id: project,
    folder_id: documents,
    doctype: 'data',
    number: 'D-1',
    name: 'Baubeschreibung',
    sort_order: 0,
  });
  const [outdated, current, preparing, dataCurrent] = [ids(), ids(), ids(), ids()];
  const version = (vid: string, doc: string, number: number, index: string, status: string) =>
    insert('version', {
      id: vid,
      project_id: project,
      doc_id: doc,
      number,
      index,
      status,
      release_date: status === 'preparation' ? null : inDays(-10 + number),
      outdated_at: status === 'outdated' ? inDays(-5) : null,
    });
  await version(outdated, plan, 1, 'A', 'outdated');
  await version(current, plan, 2, 'B', 'current');
  await version(preparing, plan, 3, 'C', 'preparation');
  await version(dataCurrent, data, 1, '1', 'current');
  const [oldPdf, pdf, dwg, dataPdf] = [ids(), ids(), ids(), ids()];
  const file = (fid: string, vid: string, doc: string, kind: string, delivered: boolean) =>
    insert('file', {
      id: fid,
      project_id: project,
      doc_id: doc,
      version_id: vid,
      kind,
      filename: `plan-${fid.slice(0, 8)}.${kind}`,
      storage_key: `00/${fid}`,
      size: 12_345,
      sha256: 'a'.repeat(64),
      mime_type: kind === 'pdf' ? 'application/pdf' : 'image/vnd.dwg',
      pdf_width_mm: kind === 'pdf' ? 841 : null,
      pdf_height_mm: kind === 'pdf' ? 594 : null,
      pdf_pages: kind === 'pdf' ? 1 : null,
      delivered_at: delivered ? inDays(-3) : null,
    });
  await file(oldPdf, outdated, plan, 'pdf', true);
  await file(pdf, current, plan, 'pdf', true);
  await file(dwg, current, plan, 'dwg', false);
  await file(dataPdf, dataCurrent, data, 'pdf', false);
  await insert('timeline_event', {
    project_id: project,
    actor_id: id,
    event_type: 'DOC',
    kind: 'version.released',
    doc_id: plan,
    version_id: current,
    data: JSON.stringify({ number: 2, index: 'B', docNumber: 'A-101', docName: 'Grundriss EG' }),
  });
  await insert('download_token', {
    token_hash: sha256(randomSecret()),
    file_id: pdf,
    office_id: id,
    expires_at: inDays(1),
  });
  await insert('upload', {
    id: ids(),
    office_id: id,
    version_id: preparing,
    kind: 'pdf',
    filename: 'neu.pdf',
    size: 1000,
    sha256: 'b'.repeat(64),
  });

  // Contacts (one from an import), the participant with a role and a subscription.
  const contactImport = ids();
  await insert('contact_import', {
    id: contactImport,
    owner_id: id,
    filename: 'kontakte.csv',
    status: 'FINISHED',
    imported: 1,
  });
  const contact = ids();
  await insert('contact', {
    id: contact,
    owner_id: id,
    first_name: 'Bea',
    last_name: 'Bauherrin',
    email: `bea-${id}@example.org`,
    company: 'Bauherr GmbH',
    import_id: contactImport,
    validation_state: 'VALIDATION_SUCCESS',
  });
  const other = ids();
  await insert('contact', { id: other, owner_id: id, last_name: 'Statik', email: `statik-${id}@example.org` });
  await insert('contact_code', {
    contact_id: other,
    code_hash: sha256(randomSecret()),
    email: `statik-${id}@example.org`,
    expires_at: inDays(1),
  });
  const folder = ids();
  await insert('participant_folder', { id: folder, project_id: project, name: 'Bauherr', sort_order: 0 });
  const participant = ids();
  await insert('participant', {
    id: participant,
    project_id: project,
    contact_id: contact,
    folder_id: folder,
    sort_order: 0,
  });
  const role = ids();
  await insert('role', { id: role, owner_id: id, name: 'Bauherr' });
  await insert('participant_role', { participant_id: participant, role_id: role });
  const sub = ids();
  await insert('subscription', {
    id: sub,
    project_id: project,
    doc_id: plan,
    participant_id: participant,
    gets_pdf: true,
    gets_tec: false,
  });
  await insert('template', { owner_id: id, title: 'Standard', text: 'Anbei die aktuellen Pläne.' });
  await insert('participant_shipping_needs', { participant_id: participant, needs_pdf: true, self_plots_shipped: 1 });
  await insert('shipment', {
    project_id: project,
    participant_id: participant,
    version_id: current,
    shipped_on: '2026-11-03',
    quantity: 2,
    courier_service: 'DHL',
  });

  // A delivery that went out, was opened and downloaded.
  const delivery = ids();
  await insert('delivery', {
    id: delivery,
    owner_id: id,
    project_id: project,
    subject: 'Pläne',
    status: 'DONE',
    finished_at: inDays(-3),
  });
  const recipient = ids();
  const recipientToken = randomSecret();
  await insert('delivery_recipient', {
    id: recipient,
    delivery_id: delivery,
    participant_id: participant,
    email: `bea-${id}@example.org`,
    status: 'SUCCESS',
    message_id: `<delivery-${delivery}.${participant}@plankurier.test>`,
    envelope_token: randomSecret(),
    download_token_hash: sha256(recipientToken),
    sent_at: inDays(-3),
  });
  await insert('delivery_file', { recipient_id: recipient, file_id: oldPdf, sub_id: sub });
  await insert('delivery_file', { recipient_id: recipient, file_id: pdf, sub_id: sub });
  await insert('download', { recipient_id: recipient, file_id: pdf, via: 'single' });
  await insert('download_ticket', {
    ticket_hash: sha256(randomSecret()),
    recipient_id: recipient,
    file_id: pdf,
    expires_at: inDays(-1),
    used_at: inDays(-2),
  });

  // A print, an archive, the QR code of the current version.
  const print = ids();
  await insert('print', {
    id: print,
    owner_id: id,
    project_id: project,
    type: 'PLANLIST',
    status: 'FINISHED',
    number_of_pages: 1,
    number_of_pages_processed: 1,
    filename: 'Planliste.pdf',
    storage_key: `prints/${print}`,
    size: 999,
    expires_at: inDays(1),
  });
  await insert('print_download_token', {
    token_hash: sha256(randomSecret()),
    print_id: print,
    office_id: id,
    expires_at: inDays(1),
  });
  const archive = ids();
  await insert('archive', {
    id: archive,
    owner_id: id,
    project_id: project,
    pdf_only: true,
    status: 'FINISHED',
    storage_key: `archives/${archive}`,
    size: 4242,
    expires_at: inDays(1),
  });
  await insert('archive_download_token', {
    token_hash: sha256(randomSecret()),
    archive_id: archive,
    expires_at: inDays(1),
  });
  const qrToken = randomSecret();
  await insert('qr_token', { version_id: current, token_hash: sha256(qrToken) });
  await insert('qr_stamped_file', {
    file_id: pdf,
    stamp_key: 'k'.repeat(64),
    storage_key: `stamped/${pdf}`,
    size: 12_999,
    sha256: 'c'.repeat(64),
  });

  // What was bought, and its invoice.
  const buy = ids();
  const start = options.buy.status === 'ACTIVE' ? inDays(-20) : inDays(-60);
  await insert('buy', {
    id: buy,
    owner_id: id,
    tier: options.buy.tier,
    period: options.buy.period,
    status: options.buy.status,
    start_at: start,
    end_period_at:
      options.buy.period === 'YEAR' ? new Date(start.getTime() + 365 * DAY) : new Date(start.getTime() + 30 * DAY),
    auto_renew_buy: options.buy.status === 'ACTIVE',
    discount_percent: options.tier === 'P2' ? 10 : 0,
    net_cents: 29_000,
  });
  const seq = ++invoiceSeq;
  const invoice = ids();
  await insert('invoice', {
    id: invoice,
    owner_id: id,
    buy_id: buy,
    seq,
    number: `PK-2026-${String(seq).padStart(5, '0')}`,
    issued_at: start,
    due_at: start,
    status: 'PAID',
    plan_code: `${options.buy.tier}${options.buy.period === 'YEAR' ? 'Y' : 'M'}`,
    period_start: start,
    period_end: start,
    price_net: 29_000,
    credit_net: 0,
    credit_days: 0,
    net: 29_000,
    vat: 5_510,
    gross: 34_510,
    vat_percent: 19,
    locale: 'de',
    seller: JSON.stringify({ company: 'Plankurier' }),
    buyer: JSON.stringify({ company: options.company }),
  });
  await insert('invoice_download_token', {
    token_hash: sha256(randomSecret()),
    invoice_id: invoice,
    expires_at: inDays(1),
  });

  return {
    id,
    email: options.email,
    token,
    recipientToken,
    qrToken,
    projects: [project, empty],
    openedProject: project,
    docs: [plan, data],
    versions: [outdated, current, preparing, dataCurrent],
    files: [oldPdf, pdf, dwg, dataPdf],
  };
}

/** Every table's ids (or its row count where it has no id), to compare before and after. */
async function contents(tables: readonly string[]): Promise<Record<string, string[] | number>> {
  const result: Record<string, string[] | number> = {};
  for (const table of tables) {
    const { rows: hasId } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and column_name = 'id'`.execute(db);
    if (hasId[0]!.n > 0) {
      const { rows } = await sql<{ id: string }>`select id::text from ${sql.table(table)} order by id`.execute(db);
      result[table] = rows.map((r) => r.id);
    } else {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
      result[table] = rows[0]!.n;
    }
  }
  return result;
}

const tablesOf = async () =>
  (
    await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(db)
  ).rows.map((r) => r.table_name);

let anna: Account;
let bernd: Account;
let oldTables: string[];
let before: Record<string, string[] | number>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase({ empty: true });
  database = createDatabase(databaseUrl, pino({ level: 'silent' }));
  db = database.db;
  const { error } = await createMigrator(db).migrateTo('0015_shipments');
  if (error) throw error;
  anna = await oldAccount({
    email: 'anna@buero-alt.example',
    company: 'Architekturbüro Anna',
    tier: 'P2',
    buy: { tier: 'P2', period: 'YEAR', status: 'ACTIVE' },
  });
  bernd = await oldAccount({
    email: 'bernd@ing-alt.example',
    company: 'Ingenieure Bernd',
    tier: 'FREE',
    buy: { tier: 'P1', period: 'MONTH', status: 'EXPIRED' },
  });
  await sql`update invoice_counter set last_number = ${invoiceSeq}`.execute(db);
  await insert('rate_limit', { key: 'signin:ip:127.0.0.1', window_start: new Date(), hits: 1 });
  oldTables = await tablesOf();
  before = await contents(oldTables);
  await migrateToLatest(db);
});
afterAll(() => database.close());

describe('migration 0016: every account becomes an office', () => {
  test('no row is lost and every id stays', async () => {
    // Every table of the old schema holds rows (only the socket adapter's buffer stays empty).
    const size = (rows: string[] | number | undefined) => (Array.isArray(rows) ? rows.length : (rows ?? 0));
    expect(oldTables.filter((table) => size(before[table]) === 0)).toEqual(['socket_io_attachments']);
    const after = await contents(oldTables);
    // Migration 0040 writes the downloads recorded before it as timeline events: rows are added, none lost.
    const backfilled = new Set(
      (
        await sql<{ id: string }>`select id::text from timeline_event where kind = 'file.downloaded'`.execute(db)
      ).rows.map((r) => r.id),
    );
    after.timeline_event = (after.timeline_event as string[]).filter((id) => !backfilled.has(id));
    expect(after).toEqual(before);
  });

  test('migration 0040: each download recorded before is a timeline event naming the participant, plan and index', async () => {
    const events = await sql<{ data: Record<string, unknown>; file_id: string }>`select data, file_id::text
      from timeline_event where kind = 'file.downloaded' order by data->>'participant'`.execute(db);
    const downloads = await sql<{ n: number }>`select count(*)::int as n from download`.execute(db);
    expect(events.rows).toHaveLength(downloads.rows[0]!.n);
    expect(events.rows.length).toBeGreaterThan(0);
    for (const { data } of events.rows) {
      expect(data).toMatchObject({
        participantId: expect.any(String),
        participant: expect.any(String),
        recipientId: expect.any(String),
        via: 'single',
        index: expect.any(String),
        format: 'pdf',
        superseded: false,
      });
    }
  });

  test('each account is an office of the same id, with the person as its only owner', async () => {
    const offices = await sql<Record<string, unknown>>`select id::text, company, street_name, street_number, city_code,
      city_name, tier, buy_period, auto_renew_buy, discount_percent from office order by company`.execute(db);
    expect(offices.rows).toEqual([
      {
        id: anna.id,
        company: 'Architekturbüro Anna',
        street_name: 'Hauptstraße',
        street_number: '7',
        city_code: '70173',
        city_name: 'Stuttgart',
        tier: 'P2',
        buy_period: 'YEAR',
        auto_renew_buy: true,
        discount_percent: 10,
      },
      {
        id: bernd.id,
        company: 'Ingenieure Bernd',
        street_name: 'Hauptstraße',
        street_number: '7',
        city_code: '70173',
        city_name: 'Stuttgart',
        tier: 'FREE',
        buy_period: null,
        auto_renew_buy: false,
        discount_percent: 0,
      },
    ]);
    const members =
      await sql`select office_id::text, user_id::text, role from office_member order by role, office_id`.execute(db);
    expect(members.rows).toEqual(
      [
        { office_id: anna.id, user_id: anna.id, role: 'owner' },
        { office_id: bernd.id, user_id: bernd.id, role: 'owner' },
      ].sort((a, b) => a.office_id.localeCompare(b.office_id)),
    );
    const people = await sql`select id::text, last_office_id::text, qr_defaults from app_user order by email`.execute(
      db,
    );
    expect(people.rows).toEqual([
      {
        id: anna.id,
        last_office_id: anna.id,
        qr_defaults: { x: 12, y: 14, width: 25, autoEmbed: true, hasBorder: false },
      },
      {
        id: bernd.id,
        last_office_id: bernd.id,
        qr_defaults: { x: 12, y: 14, width: 25, autoEmbed: true, hasBorder: false },
      },
    ]);
    const leftOnPerson = await sql`select column_name from information_schema.columns where table_name = 'app_user'
      and column_name in ('company', 'street_name', 'tier', 'buy_period', 'auto_renew_buy', 'discount_percent')`.execute(
      db,
    );
    expect(leftOnPerson.rows).toEqual([]);
  });

  test('the office owns the rows the account owned, and the keys point at the office', async () => {
    for (const table of [
      'project',
      'contact',
      'contact_import',
      'role',
      'template',
      'delivery',
      'print',
      'archive',
      'buy',
      'invoice',
    ]) {
      const { rows } = await sql<{ office_id: string; n: number }>`select office_id::text, count(*)::int as n
        from ${sql.table(table)} group by office_id order by office_id`.execute(db);
      expect(rows.map((r) => r.office_id).sort(), table).toEqual([anna.id, bernd.id].sort());
    }
    const { rows: projects } = await sql<{
      id: string;
    }>`select id::text from project where office_id = ${anna.id} order by number`.execute(db);
    expect(projects.map((p) => p.id)).toEqual(anna.projects);
    const { rows: keys } = await sql<{ table_name: string; target: string }>`
      select c.conrelid::regclass::text as table_name, c.confrelid::regclass::text as target
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and a.attname = 'office_id' order by 1`.execute(db);
    expect(keys.filter((k) => k.target !== 'office')).toEqual([]);
    expect(keys.map((k) => k.table_name)).toEqual(
      expect.arrayContaining(['project', 'contact', 'download_token', 'upload', 'session_token']),
    );
  });

  test('who did what: deliveries, prints, archives, shipments and links name the person', async () => {
    const who = async (table: string, column: string) =>
      (
        await sql<{ who: string | null }>`select ${sql.ref(column)}::text as who from ${sql.table(table)}`.execute(db)
      ).rows
        .map((r) => r.who)
        .sort();
    const both = [anna.id, bernd.id].sort();
    for (const [table, column] of [
      ['delivery', 'sent_by'],
      ['print', 'created_by'],
      ['archive', 'created_by'],
      ['shipment', 'created_by'],
      ['download_token', 'user_id'],
      ['print_download_token', 'user_id'],
      ['archive_download_token', 'user_id'],
    ]) {
      expect(await who(table!, column!), `${table}.${column}`).toEqual(both);
    }
  });

  test('when a project was opened moved to the person’s visits', async () => {
    const { rows } =
      await sql`select project_id::text, user_id::text, opened_at from project_visit order by user_id`.execute(db);
    expect(rows).toEqual(
      [
        { project_id: anna.openedProject, user_id: anna.id, opened_at: OPENED_AT },
        { project_id: bernd.openedProject, user_id: bernd.id, opened_at: OPENED_AT },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    const { rows: columns } = await sql`select column_name from information_schema.columns
      where table_name = 'project' and column_name = 'opened_at'`.execute(db);
    expect(columns).toEqual([]);
  });

  test('an old session is a session of the person in their office', async () => {
    expect(await findSession(db, anna.token, sessionPolicy)).toMatchObject({
      userId: anna.id,
      officeId: anna.id,
      role: 'owner',
    });
    expect(await findSession(db, bernd.token, sessionPolicy)).toMatchObject({
      userId: bernd.id,
      officeId: bernd.id,
      role: 'owner',
    });
  });
});

describe('the app on the migrated database', () => {
  let server: TestServer;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    http = api(server.app);
  });
  afterAll(() => server.stop());

  test('the old token opens the office’s projects, the recently opened one first, and each project whole', async () => {
    const list = await http.get('/api/projects?sort=recent', anna.token);
    expect(list.statusCode).toBe(200);
    expect(list.json<ProjectListResponse>().projects.map((p) => p._id)).toEqual(anna.projects);

    const res = await http.get(`/api/project/${anna.openedProject}`, anna.token);
    expect(res.statusCode).toBe(200);
    const bundle = res.json<ProjectBundle>();
    expect(bundle.docs.map((d) => d._id).sort()).toEqual([...anna.docs].sort());
    expect(bundle.versions.map((v) => v._id).sort()).toEqual([...anna.versions].sort());
    expect(bundle.files.map((f) => f._id).sort()).toEqual([...anna.files].sort());
    expect(bundle.participants).toHaveLength(1);
    expect(bundle.subs.map((s) => s.state.deliver)).toEqual(['GREEN']);
    expect(bundle.archives).toHaveLength(1);

    expect((await http.get(`/api/project/${anna.openedProject}`, bernd.token)).statusCode).toBe(404);
  });

  test('the person is the owner of their office, with its company and subscription', async () => {
    const user = (await http.get('/api/user', anna.token)).json<User>();
    expect(user).toMatchObject({ _id: anna.id, officeId: anna.id, role: 'owner', company: 'Architekturbüro Anna' });
    const billing = await http.get('/api/billing', anna.token);
    expect(billing.statusCode).toBe(200);
    expect(billing.json<BillingDto>()).toMatchObject({ currentPlanCode: 'P2Y', invoices: [expect.anything()] });
    const signedIn = await http.post('/api/signin', { email: bernd.email, password: 'geheim123' });
    expect(signedIn.json<User>()).toMatchObject({ _id: bernd.id, officeId: bernd.id, role: 'owner' });
  });

  test('links that went out before still work: the recipient’s page and the QR code', async () => {
    const page = await http.get(`/api/d/${anna.recipientToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ office: { company: 'Architekturbüro Anna' } });
    const qr = await http.get(`/api/q/${anna.qrToken}`);
    expect(qr.statusCode).toBe(200);
    expect(qr.json()).toMatchObject({ office: { company: 'Architekturbüro Anna' }, doc: { number: 'A-101' } });
  });
});
