import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectionCounts } from './deliver-model';

/**
 * The sticky bar at the foot of deliver mode: what goes out (plans, receivers, files), the step's
 * actions, and above them what went wrong with those actions.
 */
export function DeliverBar({
  counts,
  notice,
  children,
}: {
  counts: SelectionCounts;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items = [
    { key: 'docs', value: counts.docs },
    { key: 'participants', value: counts.participants },
    { key: 'files', value: counts.files },
  ] as const;
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      px="md"
      py="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 5 }}
      role="region"
      aria-label={t('deliver.barLabel')}
    >
      <Stack gap="sm">
        {notice}
        <Group justify="space-between" gap="sm">
          <Group gap="lg">
            {items.map(({ key, value }) => (
              <Group key={key} gap={6} data-testid={`deliver-count-${key}`}>
                <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {value}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`deliver.counts.${key}`, { count: value })}
                </Text>
              </Group>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap" ml="auto">
            {children}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
