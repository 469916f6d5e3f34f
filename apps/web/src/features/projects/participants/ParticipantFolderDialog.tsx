import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ParticipantFolderDto } from '@plankurier/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { participantFolderApi } from '../../../api/participant-api';
import { useProjectMutation } from '../../../api/use-project';
import { errorText } from '../../../notifications/error-text';

export type ParticipantFolderDialogState = { mode: 'create' } | { mode: 'rename'; folder: ParticipantFolderDto } | null;

/** 'Neuer Ordner' of the participant list, and renaming one. */
export function ParticipantFolderDialog({
  projectId,
  state,
  onClose,
}: {
  projectId: string;
  state: ParticipantFolderDialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useProjectMutation(projectId, (name: string): Promise<unknown> =>
    state?.mode === 'rename'
      ? participantFolderApi.update(state.folder._id, { name })
      : participantFolderApi.create({ projectId, name }),
  );
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : t('participants.folderDialog.nameRequired')) },
  });
  const { setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    setValues({ name: state?.mode === 'rename' ? state.folder.name : '' });
    resetDirty();
    clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens for another folder
  }, [state]);

  const submit = form.onSubmit((values) =>
    save.mutate(values.name.trim(), {
      onSuccess: onClose,
      onError: (err) => form.setFieldError('name', errorText(err)),
    }),
  );
  const renaming = state?.mode === 'rename';
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={renaming ? t('participants.folderDialog.renameTitle') : t('participants.folderDialog.title')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('participants.folderDialog.name')}
            placeholder={t('participants.folderDialog.namePlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {renaming ? t('participants.folderDialog.save') : t('participants.folderDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
