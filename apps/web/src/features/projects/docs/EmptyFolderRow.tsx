import { Box, Button, Group, Text } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface EmptyFolderRowProps {
  filtered: boolean;
  showHint: boolean;
  actionLabel: string;
  onAdd: () => void;
  onMute: () => void;
}

/** The inside of an empty open folder: the onboarding hint (until muted), else one quiet line. */
export function EmptyFolderRow({ filtered, showHint, actionLabel, onAdd, onMute }: EmptyFolderRowProps) {
  const { t } = useTranslation();
  if (filtered || !showHint) {
    return (
      <Box
        h="100%"
        pl={56}
        style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Text size="sm" c="dimmed">
          {filtered ? t('docs.noMatches') : t('docs.emptyFolder')}
        </Text>
      </Box>
    );
  }
  return (
    <Box h="100%" py={8} pl={56} pr="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Box
        h="100%"
        px="sm"
        py={8}
        style={{
          borderRadius: 6,
          background: 'var(--mantine-color-brand-0)',
          border: '1px dashed var(--mantine-color-brand-3)',
        }}
        role="note"
      >
        <Group gap="sm" wrap="nowrap" h="100%">
          <IconBulb size={22} color="var(--mantine-color-brand-6)" aria-hidden style={{ flexShrink: 0 }} />
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {t('docs.hint.emptyFolderTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('docs.hint.emptyFolderText', { action: actionLabel })}
            </Text>
          </Box>
          <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {actionLabel}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onMute}>
            {t('docs.hint.mute')}
          </Button>
        </Group>
      </Box>
    </Box>
  );
}
