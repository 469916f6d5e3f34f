import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ProjectDto } from '@plankurier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActedMeanwhile } from '../../../api/api-error';
import { projectApi } from '../../../api/project-api';
import { queryKeys } from '../../../api/query-keys';
import { useProjectMutation } from '../../../api/use-project';
import { fieldForError } from '../../../forms/field-error-for';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { FormSection } from '../../../components/FormSection';

/** Number (required, unique) and name of the project. */
export function ProjectDataForm({ project }: { project: ProjectDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useProjectMutation(project._id, (body: { number: string; name: string; rev: number }) =>
    projectApi.update(project._id, body),
  );
  // The revision the form shows: a colleague's edit since makes the save a conflict (409), after
  // which the form takes the project as it is now.
  const [seenRev, setSeenRev] = useState(project.rev);
  const [followServer, setFollowServer] = useState(false);
  const form = useForm({
    initialValues: { number: project.number, name: project.name },
    validate: { number: (value) => (value.trim() ? null : t('msg.project.number_required')) },
  });
  const { setValues, resetDirty, isDirty } = form;
  const showServerState = () => {
    setValues({ number: project.number, name: project.name });
    resetDirty({ number: project.number, name: project.name });
    setSeenRev(project.rev);
  };
  useEffect(() => {
    if (!isDirty() || followServer) {
      showServerState();
      setFollowServer(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow changes from elsewhere unless the user is typing
  }, [project.number, project.name, project.rev]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { number: values.number.trim(), name: values.name.trim(), rev: seenRev },
      {
        onSuccess: () => {
          resetDirty({ number: values.number.trim(), name: values.name.trim() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
          notifySuccess('message_data_updated');
        },
        onError: (err) => {
          const field = fieldForError(err, {
            'project.number_required': 'number',
            'project.number_taken': 'number',
          } as const);
          if (isActedMeanwhile(err)) {
            // What the colleague saved: shown now if it arrived already, else once it is read again.
            showServerState();
            setFollowServer(true);
          }
          if (field) form.setFieldError(field, errorText(err));
          else notifyError(err);
        },
      },
    ),
  );

  return (
    <FormSection title={t('settings.projectTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* Number and name side by side from sm on; on phones one under the other, both full width. */}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t('settings.number')}
                withAsterisk
                styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
                {...form.getInputProps('number')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('settings.name')} {...form.getInputProps('name')} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}
