import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS, type DocFolderDto } from '@plankurier/shared';
import { IconPlus } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
import { FolderHeadingRow } from '../folders/FolderHeadingRow';
import type { RowDrag } from '../folders/SortableRow';
import { PrintMenuItem } from '../prints/PrintMenuItem';

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

/**
 * A plan folder's heading: the shared folder row plus 'Alle freigeben' when several versions wait,
 * '+' for a new plan in it and the folder's plan list print.
 */
export function FolderRow(props: FolderRowProps) {
  const { folder, preparedCount } = props;
  const t = useRowT();
  return (
    <FolderHeadingRow
      folder={folder}
      textScope="docs"
      count={props.docCount}
      shownCount={props.shownCount}
      filtering={props.filtering}
      drag={props.drag}
      onToggle={props.onToggle}
      onRename={props.onRename}
      onDelete={props.onDelete}
      actions={
        <>
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
        </>
      }
      menuItems={
        <PrintMenuItem
          body={{ type: 'PLANLIST', projectId: folder.project, folderId: folder._id }}
          label={t('prints.planListOf', { name: folder.name })}
        />
      }
    />
  );
}
