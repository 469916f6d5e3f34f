import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DocDto, DocFolderDto, Doctype } from '@plankurier/shared';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActedMeanwhile, isApiError } from '../../../api/api-error';
import { docApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { TierLimitAlert } from '../../../components/TierLimitAlert';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';

export type DocDialogState =
  | { mode: 'create'; doctype: Doctype; folders: DocFolderDto[]; folderId: string | null }
  | { mode: 'edit'; doc: DocDto; numberLocked: boolean }
  | null;

/** 'Neuer Plan' / 'Neues Dokument' (number, name, folder) and changing a doc's number and name. */
export function DocDialog({
  projectId,
  state,
  onClose,
  onCreated,
}: {
  projectId: string;
  state: DocDialogState;
  onClose: () => void;
  onCreated: (docId: string) => void;
}) {
  const { t } = useTranslation();
  const save = useProjectMutation(projectId, async (values: { number: string; name: string; folderId: string }) => {
    if (state?.mode === 'edit') {
      await docApi.update(state.doc._id, { number: values.number, name: values.name, rev: state.doc.rev });
      return null;
    }
    return docApi.create({
      folderId: values.folderId,
      doctype: state?.mode === 'create' ? state.doctype : 'plan',
      number: values.number,
      name: values.name,
    });
  });
  const form = useForm({
    initialValues: { number: '', name: '', folderId: '' },
    validate: {
      number: (value) => (value.trim() ? null : t('docs.docDialog.numberRequired')),
      folderId: (value) => (state?.mode === 'edit' || value ? null : t('docs.docDialog.folder')),
    },
  });
  const { setValues } = form;
  const [limitReached, setLimitReached] = useState(false);
  useEffect(() => {
    setLimitReached(false);
    if (state?.mode === 'edit')
      setValues({ number: state.doc.number, name: state.doc.name, folderId: state.doc.folder });
    else if (state) setValues({ number: '', name: '', folderId: state.folderId ?? state.folders[0]?._id ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens for another doc
  }, [state]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { number: values.number.trim(), name: values.name.trim(), folderId: values.folderId },
      {
        onSuccess: (created) => {
          if (created && state?.mode === 'create') {
            notifySuccess(`docs.created.${state.doctype}`);
            onCreated(created._id);
          } else notifySuccess('message_data_updated');
          onClose();
        },
        onError: (err) => {
          if (isApiError(err) && err.msgCode === 'tier.limit_reached') setLimitReached(true);
          else if (isActedMeanwhile(err)) {
            // Changed by a colleague meanwhile: the list shows their version now, the toast says who.
            notifyError(err);
            onClose();
          } else form.setFieldError('number', errorText(err));
        },
      },
    );
  });

  const title =
    state?.mode === 'edit'
      ? t('docs.docDialog.editTitle')
      : state?.doctype === 'data'
        ? t('docs.docDialog.titleData')
        : t('docs.docDialog.titlePlan');
  const folders = state?.mode === 'create' ? state.folders : [];
  const numberLocked = state?.mode === 'edit' && state.numberLocked;
  const categoryName = t(
    state?.mode === 'create' && state.doctype === 'data' ? 'docs.category.documents' : 'docs.category.plans',
  );

  return (
    <Modal opened={state !== null} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {state?.mode === 'create' && folders.length === 0 ? (
            <Text size="sm" c="orange.8">
              {t('docs.docDialog.noFolder', { category: categoryName })}
            </Text>
          ) : null}
          {numberLocked ? (
            <Alert color="gray" icon={<IconLock size={16} />} p="xs">
              {t('docs.docDialog.numberLocked')}
            </Alert>
          ) : null}
          <TextInput
            label={t('docs.docDialog.number')}
            disabled={numberLocked}
            placeholder={t('docs.docDialog.numberPlaceholder')}
            withAsterisk
            data-autofocus
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            {...form.getInputProps('number')}
          />
          <TextInput
            label={t('docs.docDialog.name')}
            placeholder={t('docs.docDialog.namePlaceholder')}
            {...form.getInputProps('name')}
          />
          {state?.mode === 'create' ? (
            <Select
              label={t('docs.docDialog.folder')}
              data={folders.map((f) => ({ value: f._id, label: f.name }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('folderId')}
            />
          ) : null}
          {limitReached ? <TierLimitAlert onNavigate={onClose} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={state?.mode === 'create' && folders.length === 0}>
              {state?.mode === 'edit' ? t('docs.docDialog.save') : t('docs.docDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
