/**
 * A list of like objects as one array per key (the compact project load's docs, versions and files):
 * JSON then names each key once instead of once per object. A key some objects lack travels as
 * positions and values, so fromColumns gives back exactly the objects, absent keys absent.
 */
export interface Columns<T> {
  length: number;
  dense: Partial<Record<keyof T & string, unknown[]>>;
  sparse?: Partial<Record<keyof T & string, { at: number[]; values: unknown[] }>>;
}

export function toColumns<T extends object>(rows: readonly T[]): Columns<T> {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  const columns: Columns<T> = { length: rows.length, dense: {} };
  for (const key of keys) {
    const values = rows.map((row) => (row as Record<string, unknown>)[key]);
    if (!values.includes(undefined)) {
      columns.dense[key as keyof T & string] = values;
      continue;
    }
    const at: number[] = [];
    const present: unknown[] = [];
    values.forEach((value, i) => {
      if (value === undefined) return;
      at.push(i);
      present.push(value);
    });
    const sparse: Partial<Record<string, { at: number[]; values: unknown[] }>> = (columns.sparse ??= {});
    sparse[key] = { at, values: present };
  }
  return columns;
}

export function fromColumns<T>(columns: Columns<T>): T[] {
  const rows = Array.from({ length: columns.length }, () => ({}) as Record<string, unknown>);
  for (const [key, values] of Object.entries(columns.dense) as [string, unknown[]][])
    for (let i = 0; i < rows.length; i++) rows[i]![key] = values[i];
  for (const [key, { at, values }] of Object.entries(columns.sparse ?? {}) as [
    string,
    { at: number[]; values: unknown[] },
  ][])
    for (let k = 0; k < at.length; k++) rows[at[k]!]![key] = values[k];
  return rows as T[];
}
