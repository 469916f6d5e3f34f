import { Box, Button, Flex } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DocFolderDto, Doctype } from '@plankurier/shared';
import { IconFolderPlus, IconLayoutList, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docApi, folderApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { EmptyHint } from '../../../components/EmptyHint';
import { notifyError } from '../../../notifications/notify';
import { ContextBar } from '../context/ContextBar';
import { withDocOrder, withFolderOrder } from '../model/bundle-patches';
import { planListDrop, type ListDrop } from '../model/list-drop';
import { buildListRows, selectionInFolder } from '../model/list-rows';
import { doctypeForCategory, type ProjectModel } from '../model/project-model';
import { isDocNumberLocked } from '../model/doc-number-lock';
import { PhaseChips } from '../page/PhaseChips';
import { useFillHeight } from '../page/use-fill-height';
import { PlanSetButton } from '../plan-sets/PlanSetButton';
import { PlanSetDropZone } from '../plan-sets/PlanSetDropZone';
import { PlanSetPanel } from '../plan-sets/PlanSetPanel';
import { PlanSetReviewHost } from '../plan-sets/PlanSetReviewHost';
import { usePlanSetDrop } from '../plan-sets/use-plan-set-drop';
import { useOnboardingHint } from '../use-onboarding';
import { DocDialog, type DocDialogState } from './DocDialog';
import { DocList } from './DocList';
import { DocsToolbar } from './DocsToolbar';
import { FolderDialog, type FolderDialogState } from './FolderDialog';
import { useFolderCollapse } from './use-folder-collapse';
import { useReleaseAll } from './use-release-all';

interface DocsTabProps {
  model: ProjectModel;
  phaseId: string | null;
  onSelectPhase: (phaseId: string) => void;
  onOpenSettings: () => void;
  /** Deliver mode with only these plans selected (a plan set just released). */
  onDeliverDocs: (docIds: string[]) => void;
}

/** 'Pläne & Dokumente': phase chips, the folder list of the selected phase and the context bar. */
export function DocsTab({ model, phaseId, onSelectPhase, onOpenSettings, onDeliverDocs }: DocsTabProps) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const bodyRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(bodyRef);
  const [selectedDocId, setSelectedDocId] = useState<string | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterText, setFilterText] = useState('');
  const [folderDialog, setFolderDialog] = useState<FolderDialogState>(null);
  const [docDialog, setDocDialog] = useState<DocDialogState>(null);
  const emptyHint = useOnboardingHint('emptyDocfolders');
  const setCollapsed = useFolderCollapse(projectId);
  const releaseAll = useReleaseAll(projectId, model);

  const folders = useMemo(() => (phaseId ? (model.foldersByPhase.get(phaseId) ?? []) : []), [model, phaseId]);
  const rows = useMemo(
    () =>
      buildListRows(folders, model.docsByFolder, filterOpen ? filterText : '', (doc) =>
        doc.currentVersion ? (model.versionById.get(doc.currentVersion)?.index ?? null) : null,
      ),
    [folders, model, filterOpen, filterText],
  );
  const selectedDoc = selectedDocId ? model.docById.get(selectedDocId) : undefined;
  const selectedInPhase = selectedDoc && folders.some((f) => f._id === selectedDoc.folder) ? selectedDoc : undefined;
  const planSet = usePlanSetDrop(projectId, folders, selectedInPhase?.folder ?? null);

  const reorder = useProjectMutation(
    projectId,
    (drop: ListDrop) =>
      drop.kind === 'docs' ? docApi.order(drop.folderId, drop.docIds) : folderApi.order(drop.phaseId, drop.folderIds),
    (bundle, drop) =>
      drop.kind === 'docs' ? withDocOrder(bundle, drop.folderId, drop.docIds) : withFolderOrder(bundle, drop.folderIds),
  );
  const removeFolder = useProjectMutation(projectId, (folderId: string) => folderApi.remove(folderId));

  const toggleFolder = (folder: DocFolderDto) => {
    const isCollapsed = !folder.isCollapsed;
    if (isCollapsed && selectionInFolder(selectedDocId, folder._id, model.docsByFolder)) setSelectedDocId(null);
    setCollapsed([{ _id: folder._id, isCollapsed }]);
  };
  const setCategoryCollapsed = (folderIds: string[], isCollapsed: boolean) => {
    if (isCollapsed && folderIds.some((id) => selectionInFolder(selectedDocId, id, model.docsByFolder)))
      setSelectedDocId(null);
    setCollapsed(
      folderIds
        .filter((id) => model.folderById.get(id)?.isCollapsed !== isCollapsed)
        .map((_id) => ({ _id, isCollapsed })),
    );
  };
  const closeFilter = () => {
    setFilterOpen(false);
    setFilterText('');
    setSelectedDocId(null);
  };
  const openDocDialog = (doctype: Doctype, folderId: string | null) => {
    const category = doctype === 'plan' ? 'plans' : 'documents';
    const candidates = folders.filter((f) => f.category === category);
    const fromSelection =
      selectedInPhase && candidates.some((f) => f._id === selectedInPhase.folder) ? selectedInPhase.folder : null;
    setDocDialog({ mode: 'create', doctype, folders: candidates, folderId: folderId ?? fromSelection });
  };
  const confirmDeleteFolder = (folder: DocFolderDto) =>
    modals.openConfirmModal({
      title: t('docs.deleteFolderTitle'),
      children: t('docs.deleteFolderText', { name: folder.name }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => removeFolder.mutate(folder._id, { onError: notifyError }),
    });
  const drop = (activeId: string, overId: string | null) => {
    const plan = planListDrop(activeId, overId, { folders, docsByFolder: model.docsByFolder });
    if (plan) reorder.mutate(plan, { onError: notifyError });
  };
  const dropChanges = (activeId: string, overId: string) =>
    planListDrop(activeId, overId, { folders, docsByFolder: model.docsByFolder }) !== null;

  const phase = model.phases.find((p) => p._id === phaseId);
  const noPhases = model.phases.length === 0;

  return (
    <Box>
      {/* Phases and tools side by side on desktops; below, the phases get their own row. */}
      <Flex
        direction={{ base: 'column', lg: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', lg: 'center' }}
        mb="sm"
        gap={{ base: 'xs', lg: 'md' }}
      >
        <PhaseChips
          phases={model.phases}
          value={phaseId}
          onChange={(id) => {
            onSelectPhase(id);
            setSelectedDocId(null);
          }}
        />
        <DocsToolbar
          disabled={!phase}
          filterOpen={filterOpen}
          filterText={filterText}
          onFilterText={setFilterText}
          onOpenFilter={() => setFilterOpen(true)}
          onCloseFilter={closeFilter}
          onNewFolder={() => phaseId && setFolderDialog({ mode: 'create', phaseId })}
          onNewPlan={() => openDocDialog('plan', null)}
          onNewDocument={() => openDocDialog('data', null)}
          planSetButton={
            <PlanSetButton
              disabled={!planSet.fallbackFolderId}
              onFiles={(files) => planSet.fallbackFolderId && planSet.drop(files, planSet.fallbackFolderId)}
            />
          }
        />
      </Flex>
      <PlanSetPanel model={model} onDeliver={onDeliverDocs} />
      <Box ref={bodyRef} style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch' }}>
        {noPhases ? (
          <Box style={{ flex: 1 }}>
            <EmptyHint
              icon={<IconLayoutList size={28} />}
              title={t('project.noPhasesTitle')}
              text={t('project.noPhasesText')}
            >
              <Button onClick={onOpenSettings}>{t('project.toSettings')}</Button>
            </EmptyHint>
          </Box>
        ) : folders.length === 0 ? (
          <Box style={{ flex: 1 }}>
            <EmptyHint
              icon={<IconFolderPlus size={28} />}
              title={t('docs.noFoldersTitle')}
              text={t('docs.noFoldersText')}
            >
              <Button
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => phaseId && setFolderDialog({ mode: 'create', phaseId })}
              >
                {t('docs.newFolder')}
              </Button>
            </EmptyHint>
          </Box>
        ) : filterOpen && filterText.trim() && rows.length === 0 ? (
          <Box style={{ flex: 1 }}>
            <EmptyHint
              icon={<IconSearch size={28} />}
              title={t('docs.noMatches')}
              text={t('docs.filterNoResults', { text: filterText.trim() })}
            />
          </Box>
        ) : (
          <PlanSetDropZone folders={folders} fallbackFolderId={planSet.fallbackFolderId} onFiles={planSet.drop}>
            <DocList
              rows={rows}
              model={model}
              label={t('docs.listLabel', { phase: phase?.shortcut ?? '' })}
              height={height}
              selectedDocId={selectedDocId}
              filtering={filterOpen && filterText.trim().length > 0}
              showEmptyHint={emptyHint.shown}
              onSelectDoc={(id) => setSelectedDocId(id === selectedDocId ? null : id)}
              onToggleFolder={toggleFolder}
              onSetCategoryCollapsed={setCategoryCollapsed}
              onAddDoc={(folder) => openDocDialog(doctypeForCategory(folder.category), folder._id)}
              onRenameFolder={(folder) => setFolderDialog({ mode: 'rename', folder })}
              onDeleteFolder={confirmDeleteFolder}
              onReleaseAll={releaseAll}
              onDrop={drop}
              dropChanges={dropChanges}
              onMuteEmptyHint={emptyHint.mute}
            />
          </PlanSetDropZone>
        )}
        {selectedInPhase ? (
          <ContextBar
            key={selectedInPhase._id}
            model={model}
            doc={selectedInPhase}
            height={height}
            onClose={() => setSelectedDocId(null)}
            onEdit={() =>
              setDocDialog({
                mode: 'edit',
                doc: selectedInPhase,
                numberLocked: isDocNumberLocked(model.versionsByDoc.get(selectedInPhase._id) ?? []),
              })
            }
            onDeleted={() => setSelectedDocId(null)}
          />
        ) : null}
      </Box>
      <FolderDialog projectId={projectId} state={folderDialog} onClose={() => setFolderDialog(null)} />
      <PlanSetReviewHost model={model} />
      <DocDialog
        projectId={projectId}
        state={docDialog}
        onClose={() => setDocDialog(null)}
        onCreated={setSelectedDocId}
      />
    </Box>
  );
}
