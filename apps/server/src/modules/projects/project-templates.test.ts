import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjectBundle, ProjectDto } from '@plankurier/shared';
import { api, signUpOffice } from '../../../test/api.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let http: ReturnType<typeof api>;
let german: string;
let english: string;
let number = 0;

/** An office on the largest tier (no project limit) whose owner works in `locale`. */
async function officeIn(locale: 'de' | 'en', company: string) {
  const { user, token } = await signUpOffice(server.app, server.smtp, { company, locale });
  await server.deps.db.updateTable('office').set({ tier: 'P2' }).where('id', '=', user.officeId!).execute();
  return token;
}

beforeAll(async () => {
  server = await startTestServer();
  http = api(server.app);
  german = await officeIn('de', 'Büro Berg');
  english = await officeIn('en', 'Hart Architects');
});
afterAll(() => server.stop());

async function create(token: string, body: Record<string, unknown> = {}) {
  const res = await http.post('/api/project', { number: `T-${++number}`, name: 'Library', ...body }, token);
  expect(res.statusCode, res.body).toBe(201);
  return (await http.get(`/api/project/${res.json<ProjectDto>()._id}`, token)).json<ProjectBundle>();
}
const phasesOf = (bundle: ProjectBundle) => bundle.phases.map((p) => [p.shortcut, p.name]);
const docFolderNames = (bundle: ProjectBundle) => [...new Set(bundle.docfolders.map((f) => f.name))];
const participantFolderNames = (bundle: ProjectBundle) => bundle.participantfolders.map((f) => f.name);

describe('a new project starts in the office’s language with the work stages it chooses', () => {
  test('an office working in English gets the RIBA Plan of Work 2020 and English folders by default', async () => {
    const bundle = await create(english);
    expect(phasesOf(bundle)).toEqual([
      ['S0', 'Strategic Definition'],
      ['S1', 'Preparation and Briefing'],
      ['S2', 'Concept Design'],
      ['S3', 'Spatial Coordination'],
      ['S4', 'Technical Design'],
      ['S5', 'Manufacturing and Construction'],
      ['S6', 'Handover'],
      ['S7', 'Use'],
    ]);
    expect(docFolderNames(bundle)).toEqual(['Plans', 'Documents']);
    expect(bundle.docfolders).toHaveLength(16);
    expect(participantFolderNames(bundle)).toEqual(['Client', 'Consultants', 'Contractors']);
  });

  test('an office working in German gets the HOAI Leistungsphasen and German folders by default', async () => {
    const bundle = await create(german);
    expect(bundle.phases.map((p) => p.shortcut)).toEqual([
      'LP1',
      'LP2',
      'LP3',
      'LP4',
      'LP5',
      'LP6',
      'LP7',
      'LP8',
      'LP9',
    ]);
    expect(bundle.phases[4]!.name).toBe('Ausführungsplanung');
    expect(docFolderNames(bundle)).toEqual(['Pläne', 'Dokumente']);
    expect(participantFolderNames(bundle)).toEqual(['Bauherr', 'Fachplaner', 'Ausführende']);
  });

  test('phase names follow the chosen model, folder names the office’s language', async () => {
    const hoaiInEnglish = await create(english, { phaseTemplate: 'hoai' });
    expect(phasesOf(hoaiInEnglish)[4]).toEqual(['LP5', 'Ausführungsplanung']);
    expect(docFolderNames(hoaiInEnglish)).toEqual(['Plans', 'Documents']);

    const ribaInGerman = await create(german, { phaseTemplate: 'riba' });
    expect(phasesOf(ribaInGerman)[4]).toEqual(['S4', 'Technical Design']);
    expect(docFolderNames(ribaInGerman)).toEqual(['Pläne', 'Dokumente']);
  });

  test('SIA 112 gives the twelve Teilphasen from 11 to 62', async () => {
    const bundle = await create(german, { phaseTemplate: 'sia' });
    expect(bundle.phases.map((p) => p.shortcut)).toEqual([
      '11',
      '21',
      '22',
      '31',
      '32',
      '33',
      '41',
      '51',
      '52',
      '53',
      '61',
      '62',
    ]);
    expect(phasesOf(bundle)[4]).toEqual(['32', 'Bauprojekt']);
    expect(bundle.phases.map((p) => p.sortOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test('no model gives one general phase, named in the office’s language', async () => {
    expect(phasesOf(await create(english, { phaseTemplate: 'none' }))).toEqual([['GEN', 'General']]);
    expect(phasesOf(await create(german, { phaseTemplate: 'none' }))).toEqual([['ALLG', 'Allgemein']]);
  });

  test('a model that does not exist is refused and no project is made', async () => {
    const before = (await http.get('/api/projects', english)).json<{ total: number }>().total;
    const res = await http.post('/api/project', { number: 'X-1', phaseTemplate: 'riba2013' }, english);
    expect([res.statusCode, res.json().msgCode]).toEqual([400, 'common.validation']);
    expect((await http.get('/api/projects', english)).json<{ total: number }>().total).toBe(before);
  });

  test('a phase added later gets its folders in the office’s language', async () => {
    const bundle = await create(english, { phaseTemplate: 'none' });
    const res = await http.post('/api/phase', { projectId: bundle.project._id, shortcut: 'S5', name: 'Site' }, english);
    expect(res.statusCode).toBe(201);
    const after = (await http.get(`/api/project/${bundle.project._id}`, english)).json<ProjectBundle>();
    const added = after.phases.find((p) => p.shortcut === 'S5')!;
    expect(after.docfolders.filter((f) => f.phase === added._id).map((f) => f.name)).toEqual(['Plans', 'Documents']);
  });
});
