import { emptySelection, initialSelection, type ParticipantDto, type SubscriptionDto } from '@plankurier/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { i18n, loadAllTexts } from '../../../i18n';
import { buildProjectModel } from '../model/project-model';
import { bundle, doc, file, folder, phase, version } from '../model/fixtures';
import {
  defaultSubject,
  filesOfSub,
  firstDeliverablePhase,
  receiverRows,
  selectedDocIds,
  selectionCounts,
  subFormats,
  templateWithTitle,
} from './deliver-model';

const sub = (
  id: string,
  docId: string,
  participantId: string,
  deliver: 'RED' | 'GREEN' | 'GRAY',
  over: Partial<SubscriptionDto> = {},
): SubscriptionDto => ({
  _id: id,
  doc: docId,
  participant: participantId,
  getsPdf: true,
  getsTec: false,
  deliverAgain: false,
  state: { deliver },
  ...over,
});

const participant = (id: string, name: string, company = '', email = `${id}@example.com`): ParticipantDto => ({
  _id: id,
  project: 'p1',
  contact: `c-${id}`,
  folder: 'pf1',
  roles: [],
  sortOrder: 0,
  name,
  email,
  company,
  phone: '',
  state: { deliver: 'RED' },
});

/** Two phases; LP1 holds a plan with nothing to send, LP2 a plan with PDF and DWG at index C. */
const model = buildProjectModel(
  bundle({
    phases: [phase('lp1', 0), phase('lp2', 1)],
    docfolders: [folder('f1', 0, { phase: 'lp1' }), folder('f2', 0, { phase: 'lp2' })],
    docs: [
      doc('d1', 'f1', 0, { currentVersion: 'v1' }),
      doc('d2', 'f2', 0, { currentVersion: 'v2' }),
      doc('d3', 'f2', 1, { currentVersion: 'v3' }),
    ],
    versions: [version('v1', 'd1', 1), version('v2', 'd2', 3), version('v3', 'd3', 3)],
    files: [
      file('pdf1', 'v1'),
      file('pdf2', 'v2', { doc: 'd2' }),
      file('dwg2', 'v2', { doc: 'd2', kind: 'dwg', filename: 'd2.dwg' }),
      file('pdf3', 'v3', { doc: 'd3' }),
    ],
  }),
);

describe('the default subject', () => {
  const prefix = (locale: 'de' | 'en') => i18n.getFixedT(locale)('deliver.subjectPrefix');
  beforeAll(loadAllTexts);

  test("is 'Projekt: ' with number and name joined by ' | ', 'Project: ' in an English interface", () => {
    const project = { number: '2026-01', name: 'Wohnhaus Müller' };
    expect(defaultSubject(project, prefix('de'))).toBe('Projekt: 2026-01 | Wohnhaus Müller');
    expect(defaultSubject(project, prefix('en'))).toBe('Project: 2026-01 | Wohnhaus Müller');
  });
  test('uses whichever of number and name exists', () => {
    expect(defaultSubject({ number: '2026-01', name: '' }, prefix('de'))).toBe('Projekt: 2026-01');
    expect(defaultSubject({ number: ' ', name: 'Kita' }, prefix('en'))).toBe('Project: Kita');
  });
});

describe('entering deliver mode jumps to the first phase with deliverable docs', () => {
  test('the first phase holding a RED sub', () => {
    expect(firstDeliverablePhase(model, [sub('s1', 'd1', 'a', 'GREEN'), sub('s2', 'd3', 'a', 'RED')])).toBe('lp2');
    expect(firstDeliverablePhase(model, [sub('s1', 'd1', 'a', 'RED'), sub('s2', 'd3', 'a', 'RED')])).toBe('lp1');
  });
  test('none when nothing is RED', () => {
    expect(firstDeliverablePhase(model, [sub('s1', 'd1', 'a', 'GREEN')])).toBeNull();
  });
});

describe('the deliver bar counts plans, receivers and files', () => {
  const subs = [
    sub('s1', 'd2', 'a', 'RED', { getsTec: true }),
    sub('s2', 'd2', 'b', 'RED'),
    sub('s3', 'd3', 'a', 'RED', { getsPdf: false, getsTec: true }),
    sub('s4', 'd1', 'b', 'GREEN'),
  ];
  test('a sub sends the current files in its formats', () => {
    expect(filesOfSub(subs[0]!, model).map((f) => f._id)).toEqual(['pdf2', 'dwg2']);
    expect(filesOfSub(subs[2]!, model)).toEqual([]);
    expect(subFormats(subs[0]!, model)).toEqual(['pdf', 'dwg']);
    expect(subFormats(subs[1]!, model)).toEqual(['pdf']);
  });
  test('counts only what is selected', () => {
    expect(selectionCounts(initialSelection(subs), subs, model)).toEqual({ docs: 2, participants: 2, files: 3 });
    expect(selectionCounts(emptySelection(), subs, model)).toEqual({ docs: 0, participants: 0, files: 0 });
  });
  test('the selected docs in list order', () => {
    expect(selectedDocIds(initialSelection(subs), model)).toEqual(['d2', 'd3']);
  });
});

describe('the per-plan receiver table', () => {
  const people = new Map([
    ['a', participant('a', 'Weber, Jonas', 'Statik GmbH')],
    ['b', participant('b', 'Albers, Eva', 'Haustechnik AG', 'eva@ht.example')],
    ['c', participant('c', 'Zorn, Max')],
  ]);
  const subs = [
    sub('s1', 'd2', 'a', 'RED'),
    sub('s2', 'd2', 'b', 'GREEN'),
    sub('s3', 'd2', 'c', 'RED'),
    sub('s4', 'd3', 'a', 'RED'),
  ];
  const selection = initialSelection(subs);
  const names = (rows: { participant: ParticipantDto }[]) => rows.map((r) => r.participant.name);

  test("lists the plan's receivers by name with whether they are selected", () => {
    const rows = receiverRows('d2', selection, subs, people, 'all', '');
    expect(names(rows)).toEqual(['Albers, Eva', 'Weber, Jonas', 'Zorn, Max']);
    expect(rows.map((r) => r.selected)).toEqual([false, true, true]);
  });
  test('filters by selection', () => {
    expect(names(receiverRows('d2', selection, subs, people, 'selected', ''))).toEqual(['Weber, Jonas', 'Zorn, Max']);
    expect(names(receiverRows('d2', selection, subs, people, 'not_selected', ''))).toEqual(['Albers, Eva']);
  });
  test('searches name, company and e-mail ignoring case', () => {
    expect(names(receiverRows('d2', selection, subs, people, 'all', 'statik'))).toEqual(['Weber, Jonas']);
    expect(names(receiverRows('d2', selection, subs, people, 'all', 'EVA@HT'))).toEqual(['Albers, Eva']);
    expect(names(receiverRows('d2', selection, subs, people, 'all', '  '))).toHaveLength(3);
    expect(receiverRows('d2', selection, subs, people, 'all', 'niemand')).toEqual([]);
  });
});

test('saving under an existing title finds that template, ignoring case and spaces', () => {
  const templates = [
    { _id: 't1', type: 'DELIVERY' as const, title: 'Planlieferung', text: 'Hallo' },
    { _id: 't2', type: 'DELIVERY' as const, title: 'Freigabe', text: 'Bitte prüfen' },
  ];
  expect(templateWithTitle(templates, ' planlieferung ')?._id).toBe('t1');
  expect(templateWithTitle(templates, 'Neu')).toBeNull();
});
