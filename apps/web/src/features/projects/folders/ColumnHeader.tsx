import { Box, Text } from '@mantine/core';

export interface ColumnHead {
  key: string;
  label: string;
  align?: 'right';
}

/** The column titles above a folder list, on the rows' grid; the first two cells (dots, grip) stay blank. */
export function ColumnHeader({ grid, columns }: { grid: string; columns: readonly ColumnHead[] }) {
  return (
    <Box
      px={4}
      py={8}
      style={{
        display: 'grid',
        gridTemplateColumns: grid,
        columnGap: 'var(--mantine-spacing-sm)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
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
          style={{ letterSpacing: '0.04em' }}
          truncate="end"
        >
          {column.label}
        </Text>
      ))}
    </Box>
  );
}
