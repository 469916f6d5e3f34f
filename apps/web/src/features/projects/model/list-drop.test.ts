import { describe, expect, test } from 'vitest';
import { doc, folder } from './fixtures';
import { planListDrop } from './list-drop';

const ctx = {
  folders: [folder('f1', 0), folder('f2', 1), folder('f3', 2, { category: 'documents' })],
  docsByFolder: new Map([
    ['f1', [doc('a', 'f1', 0), doc('b', 'f1', 1), doc('c', 'f1', 2)]],
    ['f2', [doc('x', 'f2', 0)]],
  ]),
};

describe('planListDrop', () => {
  test('reorders docs inside a folder', () => {
    expect(planListDrop('doc:a', 'doc:c', ctx)).toEqual({ kind: 'docs', folderId: 'f1', docIds: ['b', 'c', 'a'] });
    expect(planListDrop('doc:c', 'doc:a', ctx)).toEqual({ kind: 'docs', folderId: 'f1', docIds: ['c', 'a', 'b'] });
  });

  test('moves a doc into another folder at the place of the doc it was dropped on', () => {
    expect(planListDrop('doc:b', 'doc:x', ctx)).toEqual({ kind: 'docs', folderId: 'f2', docIds: ['b', 'x'] });
  });

  test('a doc dropped on a folder heading goes to the end of that folder', () => {
    expect(planListDrop('doc:a', 'folder:f2', ctx)).toEqual({ kind: 'docs', folderId: 'f2', docIds: ['x', 'a'] });
    expect(planListDrop('doc:a', 'folder:f1', ctx)).toBeNull();
  });

  test('reorders folders within their category only', () => {
    expect(planListDrop('folder:f2', 'folder:f1', ctx)).toEqual({
      kind: 'folders',
      phaseId: 'ph1',
      folderIds: ['f2', 'f1', 'f3'],
    });
    expect(planListDrop('folder:f1', 'doc:x', ctx)).toEqual({
      kind: 'folders',
      phaseId: 'ph1',
      folderIds: ['f2', 'f1', 'f3'],
    });
    expect(planListDrop('folder:f1', 'folder:f3', ctx)).toBeNull();
  });

  test('no target or the same row changes nothing', () => {
    expect(planListDrop('doc:a', null, ctx)).toBeNull();
    expect(planListDrop('doc:a', 'doc:a', ctx)).toBeNull();
    expect(planListDrop('bogus', 'doc:a', ctx)).toBeNull();
  });
});
