import { describe, expect, test } from 'vitest';
import { doc, folder } from './fixtures';
import { buildListRows, selectionInFolder } from './list-rows';

const folders = [folder('f1', 0), folder('f2', 1, { isCollapsed: true }), folder('f3', 2, { category: 'documents' })];
const docsByFolder = new Map([
  ['f1', [doc('d1', 'f1', 0, { name: 'Grundriss EG' }), doc('d2', 'f1', 1, { name: 'Schnitt A-A' })]],
  ['f2', [doc('d3', 'f2', 0, { name: 'Grundriss OG' })]],
]);
const noIndex = () => null;

describe('buildListRows', () => {
  test('category headings, folders, docs of open folders and an empty row for empty open folders', () => {
    const rows = buildListRows(folders, docsByFolder, '', noIndex);
    expect(rows.map((r) => r.key)).toEqual([
      'category:plans',
      'folder:f1',
      'doc:d1',
      'doc:d2',
      'folder:f2',
      'category:documents',
      'folder:f3',
      'empty:f3',
    ]);
  });

  test('a filter keeps only matching docs and the folders that hold them', () => {
    const rows = buildListRows(folders, docsByFolder, 'grundriss', noIndex);
    expect(rows.map((r) => r.key)).toEqual(['category:plans', 'folder:f1', 'doc:d1', 'folder:f2']);
  });

  test('the filter matches the current index too', () => {
    const rows = buildListRows(folders, docsByFolder, 'c', (d) => (d._id === 'd2' ? 'C' : null));
    expect(rows.filter((r) => r.kind === 'doc').map((r) => r.key)).toEqual(['doc:d2']);
  });

  test('the category heading knows whether all its folders are closed', () => {
    const rows = buildListRows([folder('f2', 0, { isCollapsed: true })], docsByFolder, '', noIndex);
    expect(rows[0]).toMatchObject({ kind: 'category', allCollapsed: true, folderIds: ['f2'] });
  });
});

test('selectionInFolder', () => {
  expect(selectionInFolder('d1', 'f1', docsByFolder)).toBe(true);
  expect(selectionInFolder('d1', 'f2', docsByFolder)).toBe(false);
  expect(selectionInFolder(null, 'f1', docsByFolder)).toBe(false);
});
