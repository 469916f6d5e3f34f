import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io } from 'socket.io-client';
import type { ArchiveDto, ProjectBundle } from '@plankurier/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { api } from '../../../test/api.ts';
import {
  createTestDoc,
  createTestOffice,
  createTestProject,
  folderOf,
  openTestProject,
  prepareTestVersion,
  releaseTestVersion,
} from '../../../test/factories.ts';
import { insertStoredBytes, insertStoredFixture, sha256Hex } from '../../../test/upload-fixtures.ts';
import { until } from '../../../test/until.ts';
import type { Storage } from '../../storage/storage.ts';
import { runArchive } from '../../jobs/archive-worker.ts';
import {
  archivePartPath,
  archivePlanListPath,
  archiveTempDir,
  removeArchiveLeftovers,
  removeExpiredArchives,
} from './service.ts';

let server: TestServer;
let http: ReturnType<typeof api>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'archives-test-'));

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Kind = 'pdf' | 'dwg' | 'dxf' | 'addon';

/** Releases a version of the doc with real fixture files; returns the stored rows. */
async function releaseWith(token: string, docId: string, files: [Kind, string][], index = 'A') {
  const version = await prepareTestVersion(server.app, token, docId, index);
  const rows = [];
  for (const [kind, name] of files) rows.push(await insertStoredFixture(server.deps, version, kind, name));
  await releaseTestVersion(server.app, token, version._id);
  return rows;
}

/**
 * An office's project: a plan with umlauts and a slash in its name (PDF, DWG, DXF and an add-on),
 * a plan whose number and name try to climb out of the archive, a plan whose name starts like a
 * spreadsheet formula, two plans that would share one file name, and an outdated version.
 */
async function archiveScene() {
  const office = await createTestOffice(server, 'P2');
  const { project, bundle } = await createTestProject(server.app, office.token, { name: 'Haus Müller' });
  const folder = folderOf(bundle)._id;
  const doc = (number: string, name: string) => createTestDoc(server.app, office.token, folder, { number, name });
  const kitchen = await doc('A-101', 'Grundriss Küche/Bad');
  const climbing = await doc('..', '../../etc/passwd');
  const formula = await doc('A-103', '=HYPERLINK("http://x")');
  const twinA = await doc('A-104', 'Schnitt');
  const twinB = await doc('A-105', 'Schnitt');
  await server.deps.db.updateTable('doc').set({ number: 'A-104' }).where('id', '=', twinB._id).execute();
  const outdated = await releaseWith(office.token, kitchen._id, [['pdf', 'poppler-742-0-fuzzed.pdf']], 'A');
  const files = [
    ...(await releaseWith(
      office.token,
      kitchen._id,
      [
        ['pdf', 'hello_world_rotated.pdf'],
        ['addon', 'tracemonkey.pdf'],
        ['dwg', 'sample_2000.dwg'],
        ['dxf', 'arc1.dxf'],
      ],
      'B',
    )),
    ...(await releaseWith(office.token, climbing._id, [['pdf', 'issue6010_1.pdf']])),
    ...(await releaseWith(office.token, formula._id, [['pdf', 'hello_world_rotated.pdf']])),
    ...(await releaseWith(office.token, twinA._id, [['pdf', 'hello_world_rotated.pdf']])),
    ...(await releaseWith(office.token, twinB._id, [['pdf', 'issue6010_1.pdf']])),
  ];
  return { office, project, files, outdated };
}

const archiveRow = (id: string) =>
  server.deps.db.selectFrom('archive').selectAll().where('id', '=', id).executeTakeFirst();

async function createFinishedArchive(token: string, projectId: string, pdfOnly: boolean) {
  const res = await http.post('/api/archive', { projectId, pdfOnly }, token);
  expect(res.statusCode).toBe(202);
  const created = res.json<ArchiveDto>();
  expect(created.status).toBe('RUNNING');
  await until(async () => (await archiveRow(created._id))?.status === 'FINISHED');
  return created;
}

/** Downloads through the short-lived link, as the browser does, into a file on disk. */
async function downloadArchive(token: string, archiveId: string) {
  const link = await http.post(`/api/archive/${archiveId}/download-link`, {}, token);
  expect(link.statusCode).toBe(200);
  const url = link.json<{ url: string }>().url;
  const res = await server.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const file = path.join(tmp, `${archiveId}.zip`);
  fs.writeFileSync(file, res.rawPayload);
  return { file, url, headers: res.headers };
}

const zipNames = (file: string) =>
  execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
const zipEntry = (file: string, name: string) =>
  execFileSync('unzip', ['-p', file, name.replace(/([[\]*?\\])/g, '\\$1')], { maxBuffer: 64 * 1024 * 1024 });

/** The general purpose flags of every central directory entry (bit 11: names in UTF-8). */
function centralDirectoryFlags(zip: Buffer): number[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const flags: number[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    flags.push(zip.readUInt16LE(offset + 8));
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return flags;
}

const storedFiles = (root: string): string[] =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((p) => fs.statSync(path.join(root, p)).isFile())
    : [];

describe('project archives', () => {
  test('PDF and TEC: every current file byte for byte under Phase/Folder with safe names, plus the CSV index', async () => {
    const { office, project, files, outdated } = await archiveScene();
    const archive = await createFinishedArchive(office.token, project._id, false);

    const bundle: ProjectBundle = await openTestProject(server.app, office.token, project._id);
    const listed = bundle.archives.find((a) => a._id === archive._id)!;
    expect(listed).toMatchObject({
      status: 'FINISHED',
      pdfOnly: false,
      filesTotal: files.length,
      filesDone: files.length,
    });
    expect(listed.size).toBeGreaterThan(files.reduce((sum, f) => sum + Number(f.size), 0));
    expect(new Date(listed.expires!).getTime() - new Date(listed.finished!).getTime()).toBe(168 * 3600 * 1000);

    const { file, url, headers } = await downloadArchive(office.token, archive._id);
    expect(url).toMatch(new RegExp(`^/api/project/download/${project._id}\\?token=[A-Za-z0-9_-]{43}&pdfOnly=0$`));
    expect(String(headers['content-disposition'])).toContain("filename*=UTF-8''P-");
    expect(Number(headers['content-length'])).toBe(listed.size);

    const dir = 'ALLG Allgemein/Pläne';
    const names = zipNames(file);
    expect(names.sort()).toEqual(
      [
        `${dir}/A-101_Grundriss Küche-Bad_B.pdf`,
        `${dir}/A-101_Grundriss Küche-Bad_B_tracemonkey.pdf`,
        `${dir}/A-101_Grundriss Küche-Bad_B.dwg`,
        `${dir}/A-101_Grundriss Küche-Bad_B.dxf`,
        `${dir}/_..-..-etc-passwd_A.pdf`,
        `${dir}/A-103_=HYPERLINK(_http_--x_)_A.pdf`,
        `${dir}/A-104_Schnitt_A.pdf`,
        `${dir}/A-104_Schnitt_A (2).pdf`,
        'Index.csv',
        'Planliste.pdf',
      ].sort(),
    );
    // No entry leaves the archive's root, and the umlaut names carry the UTF-8 flag.
    for (const name of names) expect(name.split('/')).not.toContain('..');
    const flags = centralDirectoryFlags(fs.readFileSync(file));
    expect(flags).toHaveLength(names.length);
    const inOrder = zipNames(file);
    for (const [i, flag] of flags.entries()) if (/[^\x20-\x7e]/.test(inOrder[i]!)) expect(flag & 0x0800).toBe(0x0800);
    expect(flags.filter((f) => f & 0x0800).length).toBeGreaterThanOrEqual(4);

    const byPath = new Map<string, string>();
    for (const name of names.filter((n) => n.includes('/'))) byPath.set(name, sha256Hex(zipEntry(file, name)));
    const archived = [...byPath.values()].sort();
    expect(archived).toEqual(files.map((f) => f.sha256).sort());
    expect(archived).not.toContain(outdated[0]!.sha256);

    // The plan list of the prints module, rendered for this archive.
    const planList = path.join(tmp, `${archive._id}-planliste.pdf`);
    fs.writeFileSync(planList, zipEntry(file, 'Planliste.pdf'));
    const planListText = execFileSync('pdftotext', ['-layout', planList, '-'], { encoding: 'utf8' });
    for (const text of ['A-101', 'Grundriss Küche/Bad', 'A-104']) expect(planListText).toContain(text);

    const csv = zipEntry(file, 'Index.csv').toString('utf8');
    expect(
      csv.startsWith(
        '\uFEFF"Nummer";"Name";"Index";"Freigabedatum";"Phase";"Ordner";"Datei";"Größe (Bytes)";"SHA-256"\r\n',
      ),
    ).toBe(true);
    const lines = csv.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(files.length);
    const dwg = files.find((f) => f.kind === 'dwg')!;
    expect(lines).toContain(
      `"A-101";"Grundriss Küche/Bad";"B";"${new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })}";"ALLG Allgemein";"Pläne";"${dir}/A-101_Grundriss Küche-Bad_B.dwg";"${dwg.size}";"${dwg.sha256}"`,
    );
    // A name that starts like a formula stays text in a spreadsheet.
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);

    // The entries' times are the office's wall clock (Europe/Berlin), not UTC: zipinfo shows them as stored.
    const { uploaded_at } = await server.deps.db
      .selectFrom('file')
      .select('uploaded_at')
      .where('sha256', '=', dwg.sha256)
      .where('kind', '=', 'dwg')
      .executeTakeFirstOrThrow();
    const dwgName = `${dir}/A-101_Grundriss Küche-Bad_B.dwg`;
    const zipListing = execFileSync('zipinfo', ['-T', '-l', file], { encoding: 'utf8' }).split('\n');
    const stamp = zipListing.find((line) => line.endsWith(dwgName))!.match(/ (\d{8})\.(\d{4})\d{2} /)!;
    const berlin = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(uploaded_at);
    expect(`${stamp[1]}${stamp[2]}`).toBe(berlin.replace(/\D/g, ''));
  });

  test("the office's open tabs hear the archive's progress and its end live (updateData with archives)", async () => {
    const { office, project, files } = await archiveScene();
    const tab = io(server.baseUrl, { transports: ['websocket'], reconnection: false });
    try {
      const authenticated = new Promise((resolve) => tab.once('authenticated', resolve));
      tab.emit('authenticate', office.token);
      await authenticated;
      const heard: { archives?: ArchiveDto[]; projectId?: string }[] = [];
      tab.on('updateData', (payload: (typeof heard)[number]) => heard.push(payload));
      const archive = await createFinishedArchive(office.token, project._id, false);
      const mine = await until(async () => {
        const events = heard.filter((e) => e.archives?.[0]?._id === archive._id);
        return events.some((e) => e.archives![0]!.status === 'FINISHED') && events;
      });
      // The start (with the totals) is a tick without projectId; the end names the project so its bundle reloads.
      expect(
        mine.some((e) => e.archives![0]!.status === 'RUNNING' && e.archives![0]!.filesTotal === files.length),
      ).toBe(true);
      const end = mine.find((e) => e.archives![0]!.status === 'FINISHED')!;
      expect(end.projectId).toBe(project._id);
      expect(end.archives![0]!.filesDone).toBe(files.length);
    } finally {
      tab.disconnect();
    }
  });

  test('PDF only leaves out DWG and DXF but keeps the add-ons', async () => {
    const { office, project, files } = await archiveScene();
    const archive = await createFinishedArchive(office.token, project._id, true);
    const { file, url } = await downloadArchive(office.token, archive._id);
    expect(url).toMatch(/&pdfOnly=1$/);
    const names = zipNames(file);
    expect(names.some((n) => /\.(dwg|dxf)$/.test(n))).toBe(false);
    expect(names).toContain('ALLG Allgemein/Pläne/A-101_Grundriss Küche-Bad_B_tracemonkey.pdf');
    const pdfs = files.filter((f) => f.kind === 'pdf' || f.kind === 'addon');
    expect(names).toHaveLength(pdfs.length + 2);
    const archived = names.filter((n) => n.includes('/')).map((n) => sha256Hex(zipEntry(file, n)));
    expect(archived.sort()).toEqual(pdfs.map((f) => f.sha256).sort());
  });

  test("a data doc's .docx protocol is in both archives, named like a plan with its own extension", async () => {
    const office = await createTestOffice(server, 'P2');
    const { project, bundle } = await createTestProject(server.app, office.token);
    const protocol = await createTestDoc(server.app, office.token, folderOf(bundle, 'documents')._id, {
      doctype: 'data',
      number: 'P-12',
      name: 'Protokoll',
    });
    const version = await prepareTestVersion(server.app, office.token, protocol._id, '1');
    const docx = Buffer.from('PK\u0003\u0004 Protokoll der Baubesprechung 12');
    await insertStoredBytes(server.deps, version, 'other', 'Baubesprechung 12.docx', docx);
    await releaseTestVersion(server.app, office.token, version._id);
    for (const pdfOnly of [true, false]) {
      const archive = await createFinishedArchive(office.token, project._id, pdfOnly);
      const { file } = await downloadArchive(office.token, archive._id);
      const entry = zipNames(file).find((n) => n.endsWith('.docx'))!;
      expect(entry).toMatch(/\/P-12_Protokoll_1\.docx$/);
      expect(zipEntry(file, entry).equals(docx)).toBe(true);
    }
  });

  test('an archive link opens only its own project and kind, and only with its token', async () => {
    const { office, project } = await archiveScene();
    const archive = await createFinishedArchive(office.token, project._id, true);
    const link = (await http.post(`/api/archive/${archive._id}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    const wrongKind = link.url.replace('pdfOnly=1', 'pdfOnly=0');
    expect((await server.app.inject({ method: 'GET', url: wrongKind })).statusCode).toBe(404);
    const other = await createTestProject(server.app, office.token);
    const wrongProject = link.url.replace(project._id, other.project._id);
    expect((await server.app.inject({ method: 'GET', url: wrongProject })).statusCode).toBe(404);
    const noToken = link.url.replace(/token=[^&]+&/, '');
    expect((await server.app.inject({ method: 'GET', url: noToken })).statusCode).toBe(401);
    const badKind = link.url.replace('pdfOnly=1', 'pdfOnly=yes');
    const bad = await server.app.inject({ method: 'GET', url: badKind });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msgCode).toBe('common.validation');
  });

  test('bad input answers 4xx with a msgCode and starts nothing; a second running archive of a kind is refused', async () => {
    const { office, project } = await archiveScene();
    const missing = await http.post('/api/archive', { projectId: project._id }, office.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msgCode).toBe('common.validation');
    expect(
      await server.deps.db.selectFrom('archive').select('id').where('project_id', '=', project._id).execute(),
    ).toEqual([]);
    await server.deps.db
      .insertInto('archive')
      .values({ office_id: office.id, project_id: project._id, pdf_only: true, status: 'RUNNING' })
      .execute();
    const twice = await http.post('/api/archive', { projectId: project._id, pdfOnly: true }, office.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msgCode).toBe('archive.already_running');
    const running = await server.deps.db
      .selectFrom('archive')
      .selectAll()
      .where('project_id', '=', project._id)
      .execute();
    expect(running).toHaveLength(1);
    const notReady = await http.post(`/api/archive/${running[0]!.id}/download-link`, {}, office.token);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().msgCode).toBe('archive.not_ready');
  });

  test("another office's project and archives answer 404 and stay untouched", async () => {
    const { office, project } = await archiveScene();
    const archive = await createFinishedArchive(office.token, project._id, false);
    const stranger = await createTestOffice(server);
    const create = await http.post('/api/archive', { projectId: project._id, pdfOnly: false }, stranger.token);
    expect(create.statusCode).toBe(404);
    expect(create.json().msgCode).toBe('common.not_found');
    expect((await http.get(`/api/project/${project._id}/archives`, stranger.token)).statusCode).toBe(404);
    expect((await http.post(`/api/archive/${archive._id}/download-link`, {}, stranger.token)).statusCode).toBe(404);
    expect((await http.delete(`/api/archive/${archive._id}`, stranger.token)).statusCode).toBe(404);
    expect((await archiveRow(archive._id))?.status).toBe('FINISHED');
    const own = await http.get(`/api/project/${project._id}/archives`, office.token);
    expect(own.json<ArchiveDto[]>().map((a) => a._id)).toEqual([archive._id]);
  });

  test('deleting a finished archive removes its row and its file', async () => {
    const { office, project } = await archiveScene();
    const archive = await createFinishedArchive(office.token, project._id, true);
    const key = (await archiveRow(archive._id))!.storage_key!;
    const stored = path.join(server.config.dataDir, 'files', key);
    expect(fs.existsSync(stored)).toBe(true);
    const link = (await http.post(`/api/archive/${archive._id}/download-link`, {}, office.token)).json<{
      url: string;
    }>();
    expect((await http.delete(`/api/archive/${archive._id}`, office.token)).statusCode).toBe(204);
    expect(await archiveRow(archive._id)).toBeUndefined();
    expect(fs.existsSync(stored)).toBe(false);
    expect((await server.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
    expect((await openTestProject(server.app, office.token, project._id)).archives).toEqual([]);
  });

  test('an archive that cannot be written (a stored file is gone) ends FAILED, without a file, and cannot be downloaded', async () => {
    const { office, project, files } = await archiveScene();
    await fsp.rm(path.join(server.config.dataDir, 'files', files[2]!.storage_key));
    const res = await http.post('/api/archive', { projectId: project._id, pdfOnly: false }, office.token);
    expect(res.statusCode).toBe(202);
    const id = res.json<ArchiveDto>()._id;
    await until(async () => (await archiveRow(id))?.status === 'FAILED');
    const row = (await archiveRow(id))!;
    expect(row.storage_key).toBeNull();
    expect(fs.existsSync(archivePartPath(server.config.dataDir, id))).toBe(false);
    expect((await openTestProject(server.app, office.token, project._id)).archives[0]).toMatchObject({
      _id: id,
      status: 'FAILED',
      size: null,
    });
    const link = await http.post(`/api/archive/${id}/download-link`, {}, office.token);
    expect(link.statusCode).toBe(409);
    expect(link.json().msgCode).toBe('archive.not_ready');
    // A failed archive does not block the next one of its kind.
    expect((await http.post('/api/archive', { projectId: project._id, pdfOnly: false }, office.token)).statusCode).toBe(
      202,
    );
  });

  test('expired archives lose their rows and files; fresh ones stay', async () => {
    const { office, project } = await archiveScene();
    const old = await createFinishedArchive(office.token, project._id, true);
    const fresh = await createFinishedArchive(office.token, project._id, false);
    const oldFile = path.join(server.config.dataDir, 'files', (await archiveRow(old._id))!.storage_key!);
    await server.deps.db
      .updateTable('archive')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old._id)
      .execute();
    expect(await removeExpiredArchives(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await archiveRow(old._id)).toBeUndefined();
    expect(fs.existsSync(oldFile)).toBe(false);
    expect((await archiveRow(fresh._id))?.status).toBe('FINISHED');
    const listed = (await openTestProject(server.app, office.token, project._id)).archives.map((a) => a._id);
    expect(listed).toEqual([fresh._id]);
  });
});

/** Storage whose reads stall until released: the archive job is caught mid-way, deterministically. */
function stallingStorage(inner: Storage) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  const storage: Storage = {
    ...inner,
    read: async (key, range) => {
      reads++;
      const source = await inner.read(key, range);
      if (reads === 1) return source;
      const gate = new PassThrough();
      void released.then(() => source.pipe(gate));
      gate.on('close', () => source.destroy());
      return gate as Readable;
    },
  };
  return { storage, release, reads: () => reads };
}

describe('cancelling and crashes', () => {
  test('deleting a running archive stops it: nothing listed, no temporary file, nothing in storage', async () => {
    const { office, project } = await archiveScene();
    const row = await server.deps.db
      .insertInto('archive')
      .values({ office_id: office.id, project_id: project._id, pdf_only: false, status: 'RUNNING' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const filesRoot = path.join(server.config.dataDir, 'files');
    const before = storedFiles(filesRoot).length;
    const stalling = stallingStorage(server.deps.storage);
    const job = runArchive({ ...server.deps, storage: stalling.storage }, { archiveId: row.id }, { tickMs: 20 });

    await until(async () => stalling.reads() >= 2 && fs.existsSync(archivePartPath(server.config.dataDir, row.id)));
    await until(async () => (await archiveRow(row.id))?.files_done === 1);
    expect((await openTestProject(server.app, office.token, project._id)).archives[0]).toMatchObject({
      status: 'RUNNING',
      filesDone: 1,
      filesTotal: 8,
    });

    expect((await http.delete(`/api/archive/${row.id}`, office.token)).statusCode).toBe(204);
    await job;
    stalling.release();
    expect(await archiveRow(row.id)).toBeUndefined();
    expect(fs.existsSync(archivePartPath(server.config.dataDir, row.id))).toBe(false);
    expect(fs.existsSync(archivePlanListPath(server.config.dataDir, row.id))).toBe(false);
    expect(storedFiles(filesRoot)).toHaveLength(before);
    expect((await openTestProject(server.app, office.token, project._id)).archives).toEqual([]);
  });

  test('on start, temporary files of archives no longer running are removed; a running one keeps its file', async () => {
    const { office, project } = await archiveScene();
    const running = await server.deps.db
      .insertInto('archive')
      .values({ office_id: office.id, project_id: project._id, pdf_only: true, status: 'RUNNING' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fsp.mkdir(archiveTempDir(server.config.dataDir), { recursive: true });
    const crashed = archivePartPath(server.config.dataDir, '0b3c1f5e-8d55-4a51-9a45-1f2e3d4c5b6a');
    const alive = archivePartPath(server.config.dataDir, running.id);
    fs.writeFileSync(crashed, 'PK half an archive');
    fs.writeFileSync(alive, 'PK still growing');
    await removeArchiveLeftovers(server.deps);
    expect(fs.existsSync(crashed)).toBe(false);
    expect(fs.existsSync(alive)).toBe(true);
  });
});
