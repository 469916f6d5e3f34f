import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { DocFolderDto, FolderCategory } from '@plankurier/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { folderApi } from '../../../api/project-api';
import { FolderNameDialog } from '../folders/FolderNameDialog';

export type FolderDialogState = { mode: 'create'; phaseId: string } | { mode: 'rename'; folder: DocFolderDto } | null;

/** 'Neuer Ordner' of a phase (name and kind: plans or documents) and renaming a plan folder. */
export function FolderDialog({
  projectId,
  state,
  onClose,
}: {
  projectId: string;
  state: FolderDialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<FolderCategory>('plans');
  useEffect(() => {
    if (state?.mode === 'create') setCategory('plans');
  }, [state]);
  const save = (name: string): Promise<unknown> =>
    state?.mode === 'rename'
      ? folderApi.update(state.folder._id, { name, rev: state.folder.rev })
      : folderApi.create({ phaseId: state?.mode === 'create' ? state.phaseId : '', name, category });
  return (
    <FolderNameDialog projectId={projectId} textScope="docs" state={state} save={save} onClose={onClose}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="folder-category-label">
          {t('docs.folderDialog.category')}
        </Text>
        <SegmentedControl
          aria-labelledby="folder-category-label"
          data={[
            { value: 'plans', label: t('docs.category.plans') },
            { value: 'documents', label: t('docs.category.documents') },
          ]}
          value={category}
          onChange={(value) => setCategory(value as FolderCategory)}
        />
      </Stack>
    </FolderNameDialog>
  );
}
