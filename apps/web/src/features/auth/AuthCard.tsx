import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the sign-in, sign-up and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" shadow="sm" p="xl" maw={440} mx="auto" mt={{ base: 'md', sm: 48 }}>
      <Stack gap={4} mb="lg">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      {children}
    </Paper>
  );
}
