import { Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { versionIndexProblem } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { versionApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { fieldForError } from '../../../forms/field-error-for';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { suggestNextIndex } from './next-index';

/** 'Nächste Version vorbereiten': index (required) and comment; Enter in the index field submits. */
export function PrepareVersionForm({
  projectId,
  docId,
  lastIndex,
  onDone,
}: {
  projectId: string;
  docId: string;
  lastIndex: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useProjectMutation(projectId, (body: { index: string; comment: string }) =>
    versionApi.create({ docId, ...body }),
  );
  // the usual next index is filled in and selected: Enter takes it, typing replaces it
  const suggested = lastIndex ? suggestNextIndex(lastIndex) : '';
  const form = useForm({
    initialValues: { index: suggested, comment: '' },
    validate: {
      index: (value) => {
        const code = versionIndexProblem(value);
        return code ? t(`msg.${code}`) : null;
      },
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { index: values.index.trim(), comment: values.comment.trim() },
      {
        onSuccess: () => {
          notifySuccess('message_version_added');
          onDone();
        },
        onError: (err) => {
          if (fieldForError(err, { 'version.index_required': 'index' } as const))
            form.setFieldError('index', errorText(err));
          else notifyError(err);
        },
      },
    ),
  );
  const example = suggestNextIndex(lastIndex) || 'A';
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <form onSubmit={submit} noValidate aria-label={t('context.prepareTitle')}>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('context.prepareTitle')}
          </Text>
          <TextInput
            label={t('context.index')}
            placeholder={t('context.indexPlaceholder', { example })}
            withAsterisk
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            w="10rem"
            styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
            {...form.getInputProps('index')}
          />
          <Textarea
            label={t('context.comment')}
            placeholder={t('context.commentPlaceholder')}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('comment')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('context.prepareSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
