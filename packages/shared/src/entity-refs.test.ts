import { describe, expect, test } from 'vitest';
import { fromColumns, toColumns } from './columns.ts';
import { fromEntityRefs, toEntityRefs } from './entity-refs.ts';
import type { DocDto, FileDto, VersionDto } from './projects.ts';

const docs = [
  { _id: 'd1', currentVersion: 'v2', nextVersion: null, oldVersions: ['v1'] },
  { _id: 'd2', currentVersion: null, nextVersion: 'v3', oldVersions: [] },
] as unknown as DocDto[];
const versions = [
  { _id: 'v1', doc: 'd1', files: ['f1'], deliveredFiles: ['f1'] },
  { _id: 'v2', doc: 'd1', files: ['f2', 'gone'], deliveredFiles: [] },
  { _id: 'v3', doc: 'd2', files: [], deliveredFiles: [] },
] as unknown as VersionDto[];
const files = [
  { _id: 'f1', doc: 'd1', version: 'v1' },
  { _id: 'f2', doc: 'd1', version: 'v2' },
] as unknown as FileDto[];
const columns = () => ({ docs: toColumns(docs), versions: toColumns(versions), files: toColumns(files) });

describe('docs, versions and files name each other by index on the wire', () => {
  test('ids become indexes, null stays null, an id outside the lists stays a string', () => {
    const wire = toEntityRefs(columns());
    expect(wire.docs.dense).toMatchObject({
      currentVersion: [1, null],
      nextVersion: [null, 2],
      oldVersions: [[0], []],
    });
    expect(wire.versions.dense).toMatchObject({ doc: [0, 0, 1], files: [[0], [1, 'gone'], []] });
    expect(wire.files.dense).toMatchObject({ doc: [0, 0], version: [0, 1] });
  });

  test('and back to the same entities', () => {
    const back = fromEntityRefs(JSON.parse(JSON.stringify(toEntityRefs(columns()))) as ReturnType<typeof columns>);
    expect([fromColumns(back.docs), fromColumns(back.versions), fromColumns(back.files)]).toEqual([
      docs,
      versions,
      files,
    ]);
  });
});
