import { Box, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyHint } from '../../../components/EmptyHint';

/** Deliver mode's list shell: the labelled region with a heading per folder, or the empty hint. */
export function SelectGroups<T extends { _id: string }>({
  label,
  groups,
  empty,
  renderItem,
}: {
  label: string;
  groups: { folder: { _id: string; name: string }; items: T[] }[];
  empty: { icon: ReactNode; title: string; text: string };
  renderItem: (item: T) => ReactNode;
}) {
  if (groups.length === 0) return <EmptyHint {...empty} />;
  return (
    <Stack gap="md" role="region" aria-label={label}>
      {groups.map(({ folder, items }) => (
        <Box key={folder._id}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={8} pb={4}>
            {folder.name}
          </Text>
          {items.map(renderItem)}
        </Box>
      ))}
    </Stack>
  );
}
