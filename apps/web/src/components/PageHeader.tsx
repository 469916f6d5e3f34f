import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title row of a signed-in page, with an optional action on the right. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {action}
    </Group>
  );
}
