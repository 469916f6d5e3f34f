import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusPanelProps {
  icon: ReactNode;
  color: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** A centred result: success or failure of a one-time action, or a missing page. */
export function StatusPanel({ icon, color, title, children, action }: StatusPanelProps) {
  return (
    <Paper withBorder radius="md" p="xl" maw={520} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children ? <Text c="dimmed">{children}</Text> : null}
        {action}
      </Stack>
    </Paper>
  );
}
