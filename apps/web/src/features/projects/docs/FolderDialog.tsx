import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DocFolderDto, FolderCategory } from '@plankurier/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { folderApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { errorText } from '../../../notifications/error-text';

export type FolderDialogState = { mode: 'create'; phaseId: string } | { mode: 'rename'; folder: DocFolderDto } | null;

/** 'Neuer Ordner' (name and kind) and renaming an existing folder. */
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
  const save = useProjectMutation(projectId, (values: { name: string; category: FolderCategory }): Promise<unknown> =>
    state?.mode === 'rename'
      ? folderApi.update(state.folder._id, { name: values.name })
      : folderApi.create({
          phaseId: state?.mode === 'create' ? state.phaseId : '',
          name: values.name,
          category: values.category,
        }),
  );
  const form = useForm({
    initialValues: { name: '', category: 'plans' as FolderCategory },
    validate: { name: (value) => (value.trim() ? null : t('msg.folder.name_required')) },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (state?.mode === 'rename') setValues({ name: state.folder.name, category: state.folder.category });
    else if (state) setValues({ name: '', category: 'plans' });
    resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another folder (or a new one) is edited
  }, [state]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { name: values.name.trim(), category: values.category },
      {
        onSuccess: onClose,
        onError: (err) => form.setFieldError('name', errorText(err)),
      },
    );
  });

  const renaming = state?.mode === 'rename';
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={renaming ? t('docs.folderDialog.renameTitle') : t('docs.folderDialog.title')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('docs.folderDialog.name')}
            placeholder={t('docs.folderDialog.namePlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          {renaming ? null : (
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
                {...form.getInputProps('category')}
              />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {renaming ? t('docs.folderDialog.save') : t('docs.folderDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
