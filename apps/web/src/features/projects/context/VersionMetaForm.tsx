import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isVersionLocked, versionIndexProblem, type VersionDto } from '@plankurier/shared';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActedMeanwhile } from '../../../api/api-error';
import { versionApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/** Index and comment of a version; the index is locked with a hint once files of it were sent (spec §4), the comment never. */
export function VersionMetaForm({
  projectId,
  version,
  onDone,
}: {
  projectId: string;
  version: VersionDto;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const locked = isVersionLocked(version.deliveredFiles.length);
  // The revision the form was opened on: a colleague's edit since makes the save a conflict (409).
  const [seenRev] = useState(version.rev);
  const save = useProjectMutation(projectId, (body: { index: string; comment: string; rev: number }) =>
    versionApi.update(version._id, body),
  );
  const form = useForm({
    initialValues: { index: version.index, comment: version.comment },
    validate: {
      index: (value) => {
        const code = versionIndexProblem(value);
        return code ? t(`msg.${code}`) : null;
      },
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { index: values.index.trim(), comment: values.comment.trim(), rev: seenRev },
      {
        onSuccess: () => {
          notifySuccess('message_data_updated');
          onDone();
        },
        onError: (err) => {
          // Changed meanwhile: the card shows the version as it is now, the toast says by whom.
          if (isActedMeanwhile(err)) {
            notifyError(err);
            onDone();
          } else form.setFieldError('index', errorText(err));
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {locked ? (
          <Alert color="gray" icon={<IconLock size={16} />} p="xs">
            {t('context.lockedHint')}
          </Alert>
        ) : null}
        <TextInput
          label={t('context.index')}
          withAsterisk
          disabled={locked}
          w="10rem"
          autoFocus
          styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
          {...form.getInputProps('index')}
        />
        <Textarea label={t('context.comment')} autosize minRows={2} maxRows={5} {...form.getInputProps('comment')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
