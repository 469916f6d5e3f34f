import { Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function FeatureCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="xl" h="100%">
      <ThemeIcon size={48} radius="md" variant="light" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {text}
      </Text>
    </Paper>
  );
}
