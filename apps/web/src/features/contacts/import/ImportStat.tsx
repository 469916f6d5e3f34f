import { Paper, Text } from '@mantine/core';
import { formatCount } from '@plankurier/shared';
import { currentLocale } from '../../../i18n';

/** One number of the import report, with the locale's thousands separator. */
export function ImportStat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(value, currentLocale())}
      </Text>
    </Paper>
  );
}
