/** The plan list's columns, shared by the header and every row: delivery and download dots, handle, number, name, index, release, formats, format. */
export const DOC_GRID = '1.5rem 1.75rem minmax(6rem, 9rem) minmax(8rem, 1fr) 3.5rem 6.5rem 8.5rem 4.5rem';
export const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
