import { describe, expect, test } from 'vitest';
import { bundle, doc, file, folder, phase, version } from './fixtures';
import { buildProjectModel, docRowInfo, doctypeForCategory } from './project-model';

describe('buildProjectModel', () => {
  test('sorts phases, folders and docs by sortOrder and groups them', () => {
    const model = buildProjectModel(
      bundle({
        phases: [phase('b', 1), phase('a', 0)],
        docfolders: [folder('f2', 1), folder('f1', 0)],
        docs: [doc('d2', 'f1', 1), doc('d1', 'f1', 0), doc('d3', 'f2', 0)],
      }),
    );
    expect(model.phases.map((p) => p._id)).toEqual(['a', 'b']);
    expect(model.foldersByPhase.get('ph1')?.map((f) => f._id)).toEqual(['f1', 'f2']);
    expect(model.docsByFolder.get('f1')?.map((d) => d._id)).toEqual(['d1', 'd2']);
  });

  test('versions of a doc come newest first', () => {
    const model = buildProjectModel(bundle({ versions: [version('v1', 'd1', 1), version('v2', 'd1', 2)] }));
    expect(model.versionsByDoc.get('d1')?.map((v) => v._id)).toEqual(['v2', 'v1']);
  });
});

describe('docRowInfo', () => {
  test('shows index, release date, formats in PDF/DWG/DXF order and the page format of the current PDF', () => {
    const current = version('v1', 'd1', 1, { status: 'current', releaseDate: '2026-11-20T00:00:00.000Z' });
    const next = version('v2', 'd1', 2, { index: 'B' });
    const model = buildProjectModel(
      bundle({
        versions: [current, next],
        files: [file('dxf', 'v1', { kind: 'dxf', pageFormat: null }), file('pdf', 'v1', { pageFormat: 'A1' })],
      }),
    );
    const info = docRowInfo(doc('d1', 'f1', 0, { currentVersion: 'v1', nextVersion: 'v2' }), model);
    expect(info).toEqual({
      currentIndex: 'A',
      releaseDate: '2026-11-20T00:00:00.000Z',
      formats: ['PDF', 'DXF'],
      pageFormat: 'A1',
      preparedIndex: 'B',
      // The plan is seen by its PDF.
      viewFile: expect.objectContaining({ _id: 'pdf', kind: 'pdf' }),
    });
  });

  test('a doc without a current version shows nothing yet', () => {
    const model = buildProjectModel(bundle());
    expect(docRowInfo(doc('d1', 'f1', 0), model)).toEqual({
      currentIndex: null,
      releaseDate: null,
      formats: [],
      pageFormat: null,
      preparedIndex: null,
      viewFile: null,
    });
  });
});

test('plan folders hold plans, document folders data docs', () => {
  expect(doctypeForCategory('plans')).toBe('plan');
  expect(doctypeForCategory('documents')).toBe('data');
});

describe('buildProjectModel keeps its indexes per part of the bundle', () => {
  test('reuses the indexes of docs, versions, files, folders and phases a change left as they were', () => {
    const before = bundle({ docs: [doc('d1', 'f1', 1)], docfolders: [folder('f1', 1)], phases: [phase('ph1', 1)] });
    const first = buildProjectModel(before);
    const subsOnly = buildProjectModel({ ...before, subs: [] });
    expect(subsOnly.docsByFolder).toBe(first.docsByFolder);
    expect(subsOnly.docById).toBe(first.docById);
    expect(subsOnly.versionById).toBe(first.versionById);
    expect(subsOnly.filesByVersion).toBe(first.filesByVersion);
    expect(subsOnly.foldersByPhase).toBe(first.foldersByPhase);
    expect(subsOnly.phases).toBe(first.phases);

    const renamed = buildProjectModel({ ...before, docs: [doc('d1', 'f1', 1, { name: 'Neu' })] });
    expect(renamed.docsByFolder).not.toBe(first.docsByFolder);
    expect(renamed.docsByFolder.get('f1')?.[0]?.name).toBe('Neu');
    expect(renamed.foldersByPhase).toBe(first.foldersByPhase);
  });
});
