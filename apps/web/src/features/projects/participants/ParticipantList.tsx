import { Box, Text } from '@mantine/core';
import type { ParticipantDto, ParticipantFolderDto, RoleDto } from '@plankurier/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import { FolderGroupList, type RowDragInfo } from '../folders/FolderGroupList';
import classes from '../folders/folder-list.module.css';
import { FolderHeadingRow } from '../folders/FolderHeadingRow';
import { PARTICIPANT_COLUMNS, PARTICIPANT_COLUMNS_SHOWN_FROM, PARTICIPANT_GRID } from './columns';
import { aggregateDownload } from './download-state';
import { subscribedDocCount, type ParticipantModel, type ParticipantRow as Row } from './participant-model';
import { ParticipantRow } from './ParticipantRow';

export interface ParticipantListActions {
  onSelect: (participant: ParticipantDto) => void;
  onEditRoles: (participant: ParticipantDto) => void;
  onRemove: (participant: ParticipantDto) => void;
  onToggleFolder: (folder: ParticipantFolderDto) => void;
  onRenameFolder: (folder: ParticipantFolderDto) => void;
  onDeleteFolder: (folder: ParticipantFolderDto) => void;
  onDrop: (activeId: string, overId: string | null) => void;
  dropChanges: (activeId: string, overId: string) => boolean;
}

interface ParticipantListProps extends ParticipantListActions {
  rows: Row[];
  model: ParticipantModel;
  height: number;
  filtering: boolean;
  selectedId: string | null;
}

type DraggableRow = Exclude<Row, { kind: 'empty' }>;

const ROW_HEIGHT = 40;
/** Phones: rows a finger hits, with room for the company under the name. */
const PHONE_ROW_HEIGHT = 48;
const isSortable = (row: Row): row is DraggableRow => row.kind !== 'empty';

/** The participants in their folders, in the shared folder list. */
export function ParticipantList(props: ParticipantListProps) {
  const { rows, model, selectedId } = props;
  const { t } = useTranslation();
  const rowHeight = useScreen() === 'phone' ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const heightOf = useCallback(() => rowHeight, [rowHeight]);
  const columns = PARTICIPANT_COLUMNS.map((key) => ({
    key,
    label: t(`participants.columns.${key}`),
    align: key === 'plans' ? ('right' as const) : undefined,
    shownFrom: PARTICIPANT_COLUMNS_SHOWN_FROM[key],
  }));

  const rolesOf = (p: ParticipantDto): RoleDto[] =>
    p.roles.map((id) => model.roleById.get(id)).filter((r): r is RoleDto => Boolean(r));

  const dragInfo = (row: DraggableRow): RowDragInfo => {
    const name = row.kind === 'folder' ? row.folder.name : row.participant.name;
    return {
      role: row.kind === 'folder' ? 'folder' : 'item',
      name,
      label: t('participants.dragRow', { name }),
      overlay: name,
    };
  };

  return (
    <FolderGroupList<Row, DraggableRow>
      rows={rows}
      label={t('participants.listLabel')}
      height={props.height}
      grid={PARTICIPANT_GRID}
      columns={columns}
      rowHeight={heightOf}
      isSortable={isSortable}
      dragInfo={dragInfo}
      // No onboarding hint as in an empty plan folder: people come in from the dashboard's contacts.
      renderStatic={(row) => {
        const text = row.filtered ? t('participants.emptyFolderFiltered') : t('participants.emptyFolder');
        return (
          <Box h="100%" pr="xs" className={classes.indent} style={{ display: 'flex', alignItems: 'center' }}>
            <Text size="sm" c="dimmed" fs="italic" truncate="end" title={text}>
              {text}
            </Text>
          </Box>
        );
      }}
      renderSortable={(row, drag) =>
        row.kind === 'folder' ? (
          <FolderHeadingRow
            folder={row.folder}
            textScope="participants"
            count={row.count}
            shownCount={row.shownCount}
            filtering={props.filtering}
            drag={drag}
            onToggle={() => props.onToggleFolder(row.folder)}
            onRename={() => props.onRenameFolder(row.folder)}
            onDelete={() => props.onDeleteFolder(row.folder)}
          />
        ) : (
          <ParticipantRow
            participant={row.participant}
            roles={rolesOf(row.participant)}
            planCount={subscribedDocCount(model, row.participant._id)}
            download={aggregateDownload(model.subsByParticipant.get(row.participant._id)?.values())}
            selected={row.participant._id === selectedId}
            drag={drag}
            onSelect={() => props.onSelect(row.participant)}
            onEditRoles={() => props.onEditRoles(row.participant)}
            onRemove={() => props.onRemove(row.participant)}
          />
        )
      }
      onDrop={props.onDrop}
      dropChanges={props.dropChanges}
    />
  );
}
