import type { CSSProperties } from 'react';

/** The rows of deliver mode's lists: checkbox, expand, dots, then the columns of the row's kind. */
export const SELECT_GRID = '2.25rem 1.5rem 2rem minmax(5rem, 8rem) minmax(8rem, 1fr) minmax(6rem, 14rem) 9rem';
export const SUB_GRID = '2.25rem 1.5rem 2rem minmax(8rem, 1fr) minmax(6rem, 14rem) 9rem';

export const rowStyle = (grid: string, indent = 0): CSSProperties => ({
  display: 'grid',
  gridTemplateColumns: grid,
  alignItems: 'center',
  columnGap: 'var(--mantine-spacing-xs)',
  minHeight: '2.5rem',
  paddingLeft: indent,
  paddingRight: 8,
  borderBottom: '1px solid var(--mantine-color-gray-2)',
});

export const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
