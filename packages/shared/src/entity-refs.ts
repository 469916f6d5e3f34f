import type { Columns } from './columns.ts';
import type { DocDto, FileDto, VersionDto } from './projects.ts';

/**
 * In the compact project load, docs, versions and files name each other by their index in the
 * bundle's lists instead of by uuid: a uuid costs ~20 bytes gzipped each time, and a large project's
 * entities name each other some 40,000 times. An id outside the lists stays a string.
 */

type Entity = 'docs' | 'versions' | 'files';
export interface EntityColumns {
  docs: Columns<DocDto>;
  versions: Columns<VersionDto>;
  files: Columns<FileDto>;
}

/** Which columns hold ids (or lists of ids) of which entity. */
const REFS: { [E in Entity]: Partial<Record<keyof EntityColumns[E]['dense'], Entity>> } = {
  docs: { currentVersion: 'versions', nextVersion: 'versions', oldVersions: 'versions' },
  versions: { doc: 'docs', files: 'files', deliveredFiles: 'files' },
  files: { doc: 'docs', version: 'versions' },
};
const ENTITIES: Entity[] = ['docs', 'versions', 'files'];

const idsOf = (columns: Columns<{ _id: string }>) => (columns.dense._id ?? []) as string[];

function mapRefs(columns: EntityColumns, swap: (entity: Entity, value: unknown) => unknown) {
  for (const entity of ENTITIES) {
    const dense = columns[entity].dense as Record<string, unknown[] | undefined>;
    for (const [key, target] of Object.entries(REFS[entity]) as [string, Entity][]) {
      const values = dense[key];
      if (!values) continue;
      dense[key] = values.map((value) =>
        Array.isArray(value) ? value.map((v: unknown) => swap(target, v)) : swap(target, value),
      );
    }
  }
  return columns;
}

/** Replaces the ids in reference columns by indexes (in place: the columns are freshly made). */
export function toEntityRefs(columns: EntityColumns): EntityColumns {
  const index = Object.fromEntries(
    ENTITIES.map((e) => [e, new Map(idsOf(columns[e]).map((id, i) => [id, i]))]),
  ) as Record<Entity, Map<string, number>>;
  return mapRefs(columns, (entity, value) => (typeof value === 'string' ? (index[entity].get(value) ?? value) : value));
}

/** The ids back in the reference columns (in place: the columns come fresh from JSON). */
export function fromEntityRefs(columns: EntityColumns): EntityColumns {
  const ids = Object.fromEntries(ENTITIES.map((e) => [e, idsOf(columns[e])])) as Record<Entity, string[]>;
  return mapRefs(columns, (entity, value) => (typeof value === 'number' ? ids[entity][value] : value));
}
