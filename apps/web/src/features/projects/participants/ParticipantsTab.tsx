import { ActionIcon, Box, Button, Group, Select, Switch, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ICON_TOOLTIP_DELAY_MS, type ParticipantDto, type ParticipantFolderDto } from '@plankurier/shared';
import { IconFolderPlus, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import { useScreen } from '../../../components/use-screen';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { useFillHeight } from '../page/use-fill-height';
import { useFloatingPanel } from '../page/use-floating-panel';
import { ParticipantFolderDialog, type ParticipantFolderDialogState } from './ParticipantFolderDialog';
import { ParticipantList } from './ParticipantList';
import {
  buildParticipantModel,
  buildParticipantRows,
  isFiltering,
  planParticipantDrop,
  type ParticipantFilter,
} from './participant-model';
import { ReceiverDashboard, type DashboardTab } from './ReceiverDashboard';
import {
  useParticipantFolderCollapse,
  useParticipantOrder,
  useRemoveParticipant,
  useRemoveParticipantFolder,
} from './use-participant-mutations';

/** 'Beteiligte': participant folders with their participants, and the receiver dashboard beside them. */
export function ParticipantsTab({ model }: { model: ProjectModel }) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const pmodel = useMemo(() => buildParticipantModel(model.bundle), [model.bundle]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(bodyRef);
  const [filter, setFilter] = useState<ParticipantFilter>({ roleId: null, redOnly: false });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState<DashboardTab>(model.bundle.participants.length ? 'participants' : 'contacts');
  const [focusRoles, setFocusRoles] = useState(0);
  const [folderDialog, setFolderDialog] = useState<ParticipantFolderDialogState>(null);
  // Where the dashboard floats over the list (tablets, phones), it shows only when asked for.
  const floating = useFloatingPanel();
  const phone = useScreen() === 'phone';
  const [panelOpen, setPanelOpen] = useState(false);
  const order = useParticipantOrder(projectId);
  const collapse = useParticipantFolderCollapse(projectId);
  const removeParticipant = useRemoveParticipant(projectId);
  const removeFolder = useRemoveParticipantFolder(projectId);

  const rows = useMemo(
    () => buildParticipantRows(pmodel.folders, pmodel.participantsByFolder, filter),
    [pmodel, filter],
  );
  const selected = selectedId ? pmodel.participantById.get(selectedId) : undefined;

  const select = (p: ParticipantDto) => {
    const deselect = p._id === selectedId && tab === 'participants' && (!floating || panelOpen);
    setSelectedId(deselect ? null : p._id);
    setTab('participants');
    setPanelOpen(!deselect);
  };
  const editRoles = (p: ParticipantDto) => {
    setSelectedId(p._id);
    setTab('participants');
    setFocusRoles((n) => n + 1);
    setPanelOpen(true);
  };
  const openContacts = () => {
    setTab('contacts');
    setPanelOpen(true);
  };
  const closePanel = () => {
    setPanelOpen(false);
    setSelectedId(null);
  };
  const confirmRemove = (p: ParticipantDto) =>
    modals.openConfirmModal({
      title: t('participants.removeTitle', { name: p.name }),
      children: t('participants.removeText', { name: p.name }),
      labels: { confirm: t('participants.removeConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeParticipant.mutate(p._id, {
          onSuccess: () => {
            notifySuccess('participants.message.removed');
            if (selectedId === p._id) setSelectedId(null);
          },
          onError: notifyError,
        }),
    });
  const confirmDeleteFolder = (folder: ParticipantFolderDto) =>
    modals.openConfirmModal({
      title: t('participants.deleteFolderTitle'),
      children: t('participants.deleteFolderText', { name: folder.name }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => removeFolder.mutate(folder._id, { onError: notifyError }),
    });
  const toggleFolder = (folder: ParticipantFolderDto) => {
    const isCollapsed = !folder.isCollapsed;
    if (isCollapsed && selected?.folder === folder._id) setSelectedId(null);
    collapse.mutate({ folderId: folder._id, isCollapsed }, { onError: notifyError });
  };
  const drop = (activeId: string, overId: string | null) => {
    const plan = planParticipantDrop(activeId, overId, pmodel);
    if (plan) order.mutate(plan, { onError: notifyError });
  };
  const dropChanges = (activeId: string, overId: string) => planParticipantDrop(activeId, overId, pmodel) !== null;

  return (
    <Box>
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="md" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Select
            aria-label={t('participants.roleFilter')}
            data={[
              { value: '', label: t('participants.allRoles') },
              ...pmodel.roles.map((r) => ({ value: r._id, label: r.name })),
            ]}
            value={filter.roleId ?? ''}
            onChange={(value) => setFilter((f) => ({ ...f, roleId: value || null }))}
            allowDeselect={false}
            w={{ base: '11rem', sm: '14rem' }}
            size="sm"
          />
          <Switch
            label={t('participants.redOnly')}
            color="red"
            checked={filter.redOnly}
            onChange={(e) => {
              const redOnly = e.currentTarget.checked;
              setFilter((f) => ({ ...f, redOnly }));
            }}
          />
        </Group>
        <Group gap="sm" wrap="nowrap" ml="auto">
          {floating ? (
            <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={openContacts}>
              {t('participants.addContacts')}
            </Button>
          ) : null}
          {phone ? (
            <Tooltip label={t('participants.newFolder')} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('participants.newFolder')}
                onClick={() => setFolderDialog({ mode: 'create' })}
              >
                <IconFolderPlus size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} />}
              onClick={() => setFolderDialog({ mode: 'create' })}
            >
              {t('participants.newFolder')}
            </Button>
          )}
        </Group>
      </Group>
      <Box ref={bodyRef} style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch' }}>
        {pmodel.folders.length === 0 ? (
          <Box style={{ flex: 1 }}>
            <EmptyHint
              icon={<IconFolderPlus size={28} />}
              title={t('participants.noFoldersTitle')}
              text={t('participants.noFoldersText')}
            >
              <Button leftSection={<IconFolderPlus size={16} />} onClick={() => setFolderDialog({ mode: 'create' })}>
                {t('participants.newFolder')}
              </Button>
            </EmptyHint>
          </Box>
        ) : (
          // Folders show even before anyone is in them: a new one must be seen, and each empty
          // folder says how people come in (the contact picker beside it opens first then).
          <ParticipantList
            rows={rows}
            model={pmodel}
            height={height}
            filtering={isFiltering(filter)}
            selectedId={selectedId}
            onSelect={select}
            onEditRoles={editRoles}
            onRemove={confirmRemove}
            onToggleFolder={toggleFolder}
            onRenameFolder={(folder) => setFolderDialog({ mode: 'rename', folder })}
            onDeleteFolder={confirmDeleteFolder}
            onDrop={drop}
            dropChanges={dropChanges}
          />
        )}
        {!floating || panelOpen ? (
          <ReceiverDashboard
            model={model}
            pmodel={pmodel}
            height={height}
            tab={tab}
            onTab={setTab}
            selected={selected}
            focusRoles={focusRoles}
            onClearSelection={() => setSelectedId(null)}
            onClose={floating ? closePanel : undefined}
          />
        ) : null}
      </Box>
      <ParticipantFolderDialog projectId={projectId} state={folderDialog} onClose={() => setFolderDialog(null)} />
    </Box>
  );
}
