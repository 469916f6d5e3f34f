import { Box, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
import listClasses from '../folders/folder-list.module.css';
import classes from './empty-folder-row.module.css';

interface EmptyFolderRowProps {
  filtered: boolean;
  showHint: boolean;
  actionLabel: string;
  /** A folder for documents: its words speak of documents, not plans. */
  documents: boolean;
  onAdd: () => void;
  onMute: () => void;
}

/** The inside of an empty open folder: the onboarding hint (until muted), else one quiet line. */
export function EmptyFolderRow({ filtered, showHint, actionLabel, documents, onAdd, onMute }: EmptyFolderRowProps) {
  const t = useRowT();
  if (filtered || !showHint) {
    return (
      <Box
        h="100%"
        pr="xs"
        className={listClasses.indent}
        style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Text size="sm" c="dimmed" truncate="end">
          {filtered ? t('docs.noMatches') : t(documents ? 'docs.emptyDocumentFolder' : 'docs.emptyFolder')}
        </Text>
      </Box>
    );
  }
  return (
    <Box
      h="100%"
      py={8}
      pr="sm"
      className={listClasses.indent}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
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
        <Group gap="sm" wrap="nowrap" h="100%" className={classes.hint}>
          <IconBulb
            size={22}
            color="var(--mantine-color-brand-6)"
            aria-hidden
            style={{ flexShrink: 0 }}
            className={classes.bulb}
          />
          <Box className={classes.body}>
            <Group gap={4} wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} truncate="end">
                {t('docs.hint.emptyFolderTitle')}
              </Text>
              {/* A narrow list: 'Nicht mehr anzeigen' as the × beside the title, the buttons' line keeps one button. */}
              <CloseButton
                size="sm"
                onClick={onMute}
                aria-label={t('docs.hint.mute')}
                title={t('docs.hint.mute')}
                className={classes.muteIcon}
              />
            </Group>
            <Text size="xs" c="dimmed" lineClamp={2} className={classes.text}>
              {t(documents ? 'docs.hint.emptyDocumentFolderText' : 'docs.hint.emptyFolderText', {
                action: actionLabel,
              })}
            </Text>
          </Box>
          <Button size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd} className={classes.action}>
            {actionLabel}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onMute} className={classes.mute}>
            {t('docs.hint.mute')}
          </Button>
        </Group>
      </Box>
    </Box>
  );
}
