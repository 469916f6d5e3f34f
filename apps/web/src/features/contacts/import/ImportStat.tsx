import { Paper, Text } from '@mantine/core';

/** One number of the import report. */
export function ImportStat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}
