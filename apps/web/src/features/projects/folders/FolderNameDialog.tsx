import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isActedMeanwhile } from '../../../api/api-error';
import { useProjectMutation } from '../../../api/use-project';
import { errorText } from '../../../notifications/error-text';
import { notifyError } from '../../../notifications/notify';
import type { FolderTextScope } from './FolderHeadingRow';

interface FolderNameDialogProps {
  projectId: string;
  textScope: FolderTextScope;
  /** null while closed; the dialogs' own states add what they need (the phase of a new plan folder). */
  state: { mode: 'create' } | { mode: 'rename'; folder: { name: string } } | null;
  /** Creates the folder or renames `state.folder`; a server error shows beneath the name. */
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
  /** Fields only a new folder has (a plan folder's kind). */
  children?: ReactNode;
}

/** 'Neuer Ordner' and renaming a folder: a name (required) and whatever a new folder needs besides. */
export function FolderNameDialog(props: FolderNameDialogProps) {
  const { state, textScope: scope, onClose } = props;
  const { t } = useTranslation();
  const save = useProjectMutation(props.projectId, props.save);
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : t('msg.folder.name_required')) },
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
      onError: (err) => {
        // Renamed by a colleague meanwhile: the list shows their name now, the toast says who.
        if (isActedMeanwhile(err)) {
          notifyError(err);
          onClose();
        } else form.setFieldError('name', errorText(err));
      },
    }),
  );
  const renaming = state?.mode === 'rename';
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={renaming ? t(`${scope}.folderDialog.renameTitle`) : t(`${scope}.folderDialog.title`)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t(`${scope}.folderDialog.name`)}
            placeholder={t(`${scope}.folderDialog.namePlaceholder`)}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
          {renaming ? null : props.children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {renaming ? t(`${scope}.folderDialog.save`) : t(`${scope}.folderDialog.submit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
