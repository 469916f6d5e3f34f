import { ActionIcon, Badge, Box, Group, Menu, Text, Tooltip } from '@mantine/core';
import { LazyMenu } from '../../../components/LazyMenu';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useRowT } from '../../../i18n/use-row-t';
import { tabular } from '../docs/columns';
import type { RowDrag } from './SortableRow';

/** Whose texts a folder piece shows: the plan list's ('Ordner löschen') or the participant list's ('Löschen'). */
export type FolderTextScope = 'docs' | 'participants';

interface FolderHeadingRowProps {
  folder: { _id: string; name: string; isCollapsed: boolean };
  textScope: FolderTextScope;
  count: number;
  shownCount: number;
  filtering: boolean;
  drag: RowDrag;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** Buttons before the actions menu. */
  actions?: ReactNode;
  /** Menu entries between 'rename' and 'delete'. */
  menuItems?: ReactNode;
}

/** A folder heading: open/close, name, count (shown / all while filtering), rename and delete (only when empty). */
export function FolderHeadingRow(props: FolderHeadingRowProps) {
  const { folder, textScope: scope, count, shownCount, filtering, drag } = props;
  const t = useRowT();
  const open = !folder.isCollapsed;
  const FolderIcon = open ? IconFolderOpen : IconFolder;
  return (
    <Box
      h="100%"
      px={4}
      bg="gray.0"
      data-folder-id={folder._id}
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
        aria-label={t(open ? `${scope}.closeFolder` : `${scope}.openFolder`, { name: folder.name })}
        onClick={props.onToggle}
      >
        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </ActionIcon>
      <FolderIcon size={18} color="var(--mantine-color-brand-6)" aria-hidden />
      <Text size="sm" fw={600} truncate="end" title={folder.name} style={{ flex: 1, minWidth: 0 }}>
        {folder.name}
      </Text>
      <Badge size="sm" variant="light" color="gray" radius="sm" style={tabular}>
        {filtering ? `${shownCount} / ${count}` : count}
      </Badge>
      <Group gap={4} wrap="nowrap">
        {props.actions}
        <LazyMenu
          position="bottom-end"
          withinPortal
          target={
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t(`${scope}.folderActions`, { name: folder.name })}
            >
              <IconDots size={16} />
            </ActionIcon>
          }
        >
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={props.onRename}>
            {t(`${scope}.renameFolder`)}
          </Menu.Item>
          {props.menuItems}
          <Tooltip label={t(`${scope}.onlyEmptyFolders`)} disabled={count === 0} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <div>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={count > 0}
                onClick={props.onDelete}
              >
                {t(`${scope}.deleteFolder`)}
              </Menu.Item>
            </div>
          </Tooltip>
        </LazyMenu>
      </Group>
    </Box>
  );
}
