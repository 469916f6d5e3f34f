import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface PreviewRow {
  number: string;
  nameKey: string;
  index: string;
  state: 'red' | 'green' | 'gray';
}

const ROWS: PreviewRow[] = [
  { number: 'A-101', nameKey: 'landing.preview.groundFloor', index: 'C', state: 'red' },
  { number: 'A-102', nameKey: 'landing.preview.upperFloor', index: 'B', state: 'green' },
  { number: 'A-201', nameKey: 'landing.preview.section', index: 'A', state: 'green' },
  { number: 'A-301', nameKey: 'landing.preview.elevation', index: '–', state: 'gray' },
];

/** An illustration of the plan list with its delivery dots, drawn with the app's own parts. */
export function PlanListPreview() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" shadow="xl" p={0} style={{ overflow: 'hidden' }} aria-hidden>
      <Group
        px="md"
        py="sm"
        bg="gray.0"
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={600} size="sm">
          {t('landing.preview.project')}
        </Text>
        <Group gap={6}>
          {['LP3', 'LP4', 'LP5'].map((phase) => (
            <Badge key={phase} variant={phase === 'LP5' ? 'filled' : 'light'} radius="sm" size="sm">
              {phase}
            </Badge>
          ))}
        </Group>
      </Group>
      <Stack gap={0}>
        {ROWS.map((row) => (
          <Group
            key={row.number}
            px="md"
            h={44}
            gap="md"
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Box w={10} h={10} style={{ borderRadius: '50%', flex: 'none' }} bg={`${row.state}.6`} />
            <Text size="sm" ff="monospace" w={56}>
              {row.number}
            </Text>
            <Text size="sm" style={{ flex: 1 }} truncate="end">
              {t(row.nameKey)}
            </Text>
            <Text size="sm" fw={600} ff="monospace" w={16}>
              {row.index}
            </Text>
            <IconFileTypePdf size={18} color="var(--mantine-color-red-7)" />
          </Group>
        ))}
      </Stack>
      <Group px="md" py="sm" gap="lg">
        <Group gap={6}>
          <Box w={8} h={8} bg="red.6" style={{ borderRadius: '50%' }} />
          <Text size="xs" c="dimmed">
            {t('landing.preview.toSend')}
          </Text>
        </Group>
        <Group gap={6}>
          <Box w={8} h={8} bg="green.6" style={{ borderRadius: '50%' }} />
          <Text size="xs" c="dimmed">
            {t('landing.preview.sent')}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
