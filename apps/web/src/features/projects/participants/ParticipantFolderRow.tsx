import { ActionIcon, Badge, Box, Menu, Text, Tooltip } from '@mantine/core';
import type { ParticipantFolderDto } from '@plankurier/shared';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tabular } from '../docs/columns';
import type { RowDrag } from '../docs/SortableRow';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

interface ParticipantFolderRowProps {
  folder: ParticipantFolderDto;
  count: number;
  shownCount: number;
  filtering: boolean;
  drag: RowDrag;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** A participant folder heading: open/close, name, count, rename and delete (only when empty). */
export function ParticipantFolderRow(props: ParticipantFolderRowProps) {
  const { folder, count, shownCount, filtering, drag } = props;
  const { t } = useTranslation();
  const open = !folder.isCollapsed;
  const FolderIcon = open ? IconFolderOpen : IconFolder;
  return (
    <Box
      h="100%"
      px={4}
      bg="gray.0"
      {...drag.rowListeners}
      onDoubleClick={props.onToggle}
      style={{ display: 'flex', alignItems: 'center', gap: 6, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {drag.handle}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-expanded={open}
        aria-label={
          open
            ? t('participants.closeFolder', { name: folder.name })
            : t('participants.openFolder', { name: folder.name })
        }
        onClick={props.onToggle}
      >
        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </ActionIcon>
      <FolderIcon size={18} color="var(--mantine-color-brand-6)" aria-hidden />
      <Text size="sm" fw={600} truncate="end" style={{ flex: 1, minWidth: 0 }}>
        {folder.name}
      </Text>
      <Badge size="sm" variant="light" color="gray" radius="sm" style={tabular}>
        {filtering ? `${shownCount} / ${count}` : count}
      </Badge>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('participants.folderActions', { name: folder.name })}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={props.onRename}>
            {t('participants.renameFolder')}
          </Menu.Item>
          <Tooltip label={t('participants.onlyEmptyFolders')} disabled={count === 0} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <div>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={count > 0}
                onClick={props.onDelete}
              >
                {t('participants.deleteFolder')}
              </Menu.Item>
            </div>
          </Tooltip>
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
