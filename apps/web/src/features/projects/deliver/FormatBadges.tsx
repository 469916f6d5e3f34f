import { Badge, Group } from '@mantine/core';

/** The formats a plan or a subscription goes out in, as small outlined badges. */
export function FormatBadges({ formats }: { formats: readonly string[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {formats.map((format) => (
        <Badge key={format} size="xs" variant="outline" color="gray.7" radius="sm">
          {format.toUpperCase()}
        </Badge>
      ))}
    </Group>
  );
}
