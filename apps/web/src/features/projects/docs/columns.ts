import type { ColumnShownFrom, ListGrid } from '../folders/FolderGroupList';

/**
 * The plan list's columns, shared by the header and every row: delivery and download dots, handle,
 * number, name, index, release, formats, format. A medium list (a tablet) leaves out the page format;
 * a narrow one (a phone, or beside the context bar on a small desktop) keeps number, name and index:
 * what someone on site checks a sheet against.
 */
export const DOC_GRID: ListGrid = {
  wide: '1.5rem 1.75rem minmax(6rem, 9rem) minmax(8rem, 1fr) 3.5rem 6.5rem 8.5rem 4.5rem',
  medium: '1.5rem 1.75rem minmax(4.5rem, 6rem) minmax(8rem, 1fr) 3.5rem 6.5rem 8.5rem',
  narrow: '1.5rem 1.75rem minmax(3.5rem, 5.5rem) minmax(0, 1fr) 3rem',
};
/** The columns only wider lists show. */
export const DOC_COLUMNS_SHOWN_FROM: Partial<Record<string, ColumnShownFrom>> = {
  released: 'medium',
  formats: 'medium',
  format: 'wide',
};
export const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
