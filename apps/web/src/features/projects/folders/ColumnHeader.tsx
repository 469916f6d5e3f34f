import { Box, Text } from '@mantine/core';
import classes from './folder-list.module.css';
import type { ColumnShownFrom } from './FolderGroupList';

/** The class that leaves a cell out of lists narrower than its width class (or wider, for narrowOnly). */
const shownFromClass: Record<ColumnShownFrom, string | undefined> = {
  medium: classes.fromMedium,
  wide: classes.fromWide,
  narrowOnly: classes.narrowCell,
};

export interface ColumnHead {
  key: string;
  label: string;
  align?: 'right';
  shownFrom?: ColumnShownFrom;
}

/** The column titles above a folder list, on the rows' grid; the first two cells (dots, grip) stay blank. */
export function ColumnHeader({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <Box
      px={4}
      py={8}
      className={classes.row}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      aria-hidden
    >
      <span />
      <span />
      {columns.map((column) => (
        <Text
          key={column.key}
          size="xs"
          fw={700}
          c="dimmed"
          tt="uppercase"
          ta={column.align}
          className={column.shownFrom ? shownFromClass[column.shownFrom] : undefined}
          style={{ letterSpacing: '0.04em' }}
          truncate="end"
        >
          {column.label}
        </Text>
      ))}
    </Box>
  );
}
