import { ActionIcon, Badge, Box, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { DocFolderDto } from '@plankurier/shared';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderOpen,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tabular } from './columns';
import { PrintMenuItem } from '../prints/PrintMenuItem';
import type { RowDrag } from './SortableRow';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

interface FolderRowProps {
  folder: DocFolderDto;
  docCount: number;
  shownCount: number;
  filtering: boolean;
  preparedCount: number;
  drag: RowDrag;
  onToggle: () => void;
  onAdd: () => void;
  onRename: () => void;
  onDelete: () => void;
  onReleaseAll: () => void;
}

/** A folder heading: open/close, name, count, 'Alle freigeben' when several versions wait, actions. */
export function FolderRow(props: FolderRowProps) {
  const { folder, docCount, shownCount, filtering, preparedCount, drag } = props;
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
        aria-label={open ? t('docs.closeFolder', { name: folder.name }) : t('docs.openFolder', { name: folder.name })}
        onClick={props.onToggle}
      >
        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </ActionIcon>
      <FolderIcon size={18} color="var(--mantine-color-brand-6)" aria-hidden />
      <Text size="sm" fw={600} truncate="end" style={{ flex: 1, minWidth: 0 }}>
        {folder.name}
      </Text>
      <Badge size="sm" variant="light" color="gray" radius="sm" style={tabular}>
        {filtering ? `${shownCount} / ${docCount}` : docCount}
      </Badge>
      <Group gap={4} wrap="nowrap">
        {preparedCount > 1 ? (
          <Button size="compact-xs" variant="light" onClick={props.onReleaseAll}>
            {t('docs.releaseAll')}
          </Button>
        ) : null}
        <Tooltip label={t('docs.addToFolder', { name: folder.name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('docs.addToFolder', { name: folder.name })}
            onClick={props.onAdd}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('docs.folderActions', { name: folder.name })}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={props.onRename}>
              {t('docs.renameFolder')}
            </Menu.Item>
            <PrintMenuItem
              body={{ type: 'PLANLIST', projectId: folder.project, folderId: folder._id }}
              label={t('prints.planListOf', { name: folder.name })}
            />
            <Tooltip label={t('docs.onlyEmptyFolders')} disabled={docCount === 0} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <div>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={docCount > 0}
                  onClick={props.onDelete}
                >
                  {t('docs.deleteFolder')}
                </Menu.Item>
              </div>
            </Tooltip>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Box>
  );
}
