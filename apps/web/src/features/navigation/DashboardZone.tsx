import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the four columns of the navigation dashboard. */
export function DashboardZone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      gap="sm"
      p="lg"
      h="100%"
      component="section"
      aria-label={title}
      style={{ borderLeft: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
