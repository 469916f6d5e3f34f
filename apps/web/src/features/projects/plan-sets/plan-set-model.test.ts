import { checkPlanSet, DEFAULT_NAMING_KEY, type PlanSetDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import { doc, folder, version } from '../model/fixtures';
import { buildProjectModel } from '../model/project-model';
import type { ProjectBundle } from '@plankurier/shared';
import { docsOfSet, preparedOfSet, releasableVersions, reviewRows, setPlansOf, withEdit } from './plan-set-model';

function bundleWith(): ProjectBundle {
  const current = version('v1', 'd1', 3, { status: 'current', index: 'C' });
  const prepared = version('v2', 'd1', 4, { status: 'preparation', index: 'D' });
  const other = version('v3', 'd2', 1, { status: 'preparation', index: 'A' });
  return {
    archives: [],
    project: {
      _id: 'p1',
      rev: 1,
      number: '2026-014',
      name: 'Haus',
      state: '',
      phases: ['ph1'],
      createdAt: '',
      updatedAt: '',
      openedAt: null,
    },
    phases: [{ _id: 'ph1', rev: 1, project: 'p1', shortcut: 'LP5', name: 'Ausführung', sortOrder: 0, folders: ['f1'] }],
    participants: [],
    docfolders: [folder('f1', 0)],
    participantfolders: [],
    docs: [
      doc('d1', 'f1', 0, { number: 'A-101', currentVersion: 'v1', nextVersion: 'v2' }),
      doc('d2', 'f1', 1, { number: 'A-102', nextVersion: 'v3' }),
    ],
    subs: [],
    standingSubs: [],
    versions: [current, prepared, other],
    files: [
      {
        _id: 'file1',
        doc: 'd1',
        version: 'v2',
        kind: 'pdf',
        filename: 'a.pdf',
        size: 1,
        uploaded: '',
        pdfWidthMm: null,
        pdfHeightMm: null,
        pdfPages: null,
        pageFormat: null,
        isEncrypted: false,
        cadRelease: null,
        cadUnits: null,
        cadWidth: null,
        cadHeight: null,
        preview: null,
        sheet: false,
      },
      {
        _id: 'file2',
        doc: 'd2',
        version: 'v3',
        kind: 'dwg',
        filename: 'b.dwg',
        size: 1,
        uploaded: '',
        pdfWidthMm: null,
        pdfHeightMm: null,
        pdfPages: null,
        pageFormat: null,
        isEncrypted: false,
        cadRelease: null,
        cadUnits: null,
        cadWidth: null,
        cadHeight: null,
        preview: null,
        sheet: false,
      },
    ],
    roles: [],
    changeSeq: 0,
  };
}

const review = (names: string[]) =>
  checkPlanSet({
    files: names.map((filename, i) => ({ key: `f${i}`, filename, size: 100 })),
    plans: setPlansOf(buildProjectModel(bundleWith())),
    dropFolderId: 'f1',
    namingKey: DEFAULT_NAMING_KEY,
  });

describe('the plan set review on the project screen', () => {
  test("the project's plans as the check needs them: current index, prepared version and its formats", () => {
    expect(setPlansOf(buildProjectModel(bundleWith()))).toEqual([
      {
        docId: 'd1',
        number: 'A-101',
        name: 'Plan d1',
        folderId: 'f1',
        doctype: 'plan',
        currentIndex: 'C',
        prepared: { versionId: 'v2', index: 'D', kinds: ['pdf'] },
      },
      {
        docId: 'd2',
        number: 'A-102',
        name: 'Plan d2',
        folderId: 'f1',
        doctype: 'plan',
        currentIndex: null,
        prepared: { versionId: 'v3', index: 'A', kinds: ['dwg'] },
      },
    ]);
  });

  test('an edit moves the partner files with it; leaving out concerns one file', () => {
    const r = review(['A-150_B.pdf', 'A-150_B.dwg']);
    const edited = withEdit({}, r, 'f0', { number: 'A-151' });
    expect(edited).toEqual({ f0: { number: 'A-151' }, f1: { number: 'A-151' } });
    expect(withEdit(edited, r, 'f1', { skip: true })).toEqual({
      f0: { number: 'A-151' },
      f1: { number: 'A-151', skip: true },
    });
  });

  test('rows needing a decision come first, left-out files last', () => {
    const rows = reviewRows(review(['A-150_A.pdf', 'notes.txt', 'A-101_D.dwg', 'Gesamtansicht.pdf']));
    expect(rows.map((r) => [r.file.filename, r.level])).toEqual([
      ['Gesamtansicht.pdf', 'block'],
      ['A-150_A.pdf', 'warn'],
      ['A-101_D.dwg', null],
      ['notes.txt', null],
    ]);
    expect(rows[2]!.partners).toEqual([]);
  });

  test('release all takes the set versions that have their PDF; deliver mode gets each plan once', () => {
    const model = buildProjectModel(bundleWith());
    const set: PlanSetDto = {
      _id: 's1',
      project: 'p1',
      folder: 'f1',
      comment: '',
      createdAt: '',
      createdBy: null,
      finishedAt: '',
      files: [
        {
          key: 'a',
          filename: 'A-101_D.pdf',
          size: 1,
          kind: 'pdf',
          doc: 'd1',
          version: 'v2',
          number: 'A-101',
          index: 'D',
          uploaded: true,
        },
        {
          key: 'b',
          filename: 'A-101_D.dwg',
          size: 1,
          kind: 'dwg',
          doc: 'd1',
          version: 'v2',
          number: 'A-101',
          index: 'D',
          uploaded: true,
        },
        {
          key: 'c',
          filename: 'A-102_A.dwg',
          size: 1,
          kind: 'dwg',
          doc: 'd2',
          version: 'v3',
          number: 'A-102',
          index: 'A',
          uploaded: true,
        },
      ],
    };
    expect(releasableVersions(set, model)).toEqual(['v2']);
    expect(docsOfSet(set)).toEqual(['d1', 'd2']);
    // Still to release: both prepared versions, whichever folder their plans are in.
    expect(preparedOfSet(set, model)).toEqual({ versions: ['v2', 'v3'], folders: ['Ordner f1'] });
    const moved = buildProjectModel({
      ...bundleWith(),
      docfolders: [folder('f1', 0), folder('f2', 1, { name: 'Schnitte' })],
      docs: [
        doc('d1', 'f1', 0, { number: 'A-101', currentVersion: 'v1', nextVersion: 'v2' }),
        doc('d2', 'f2', 0, { number: 'A-102', nextVersion: 'v3' }),
      ],
      versions: bundleWith().versions.map((v) => (v._id === 'v2' ? { ...v, status: 'current' as const } : v)),
    });
    expect(preparedOfSet(set, moved)).toEqual({ versions: ['v3'], folders: ['Schnitte'] });
  });
});
