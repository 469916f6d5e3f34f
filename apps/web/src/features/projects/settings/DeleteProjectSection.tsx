import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PATHS, type ProjectDto } from '@plankurier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectApi } from '../../../api/project-api';
import { queryKeys } from '../../../api/query-keys';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { numberConfirmed, projectLabel } from '../model/project-label';

/** Deleting the project: the dialog asks for the project number ('Projektnummer stimmt nicht überein!'). */
export function DeleteProjectSection({ project }: { project: ProjectDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({ mutationFn: () => projectApi.remove(project._id) });
  const matches = numberConfirmed(typed, project.number);
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  const confirm = () => {
    if (!matches) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: queryKeys.project(project._id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
        notifySuccess('message_project_deleted');
        void navigate(PATHS.projects, { replace: true });
      },
      onError: notifyError,
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" gap="lg">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Title order={2} fz="h4">
            {t('settings.deleteTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.deleteText')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpen(true)}
          style={{ flexShrink: 0 }}
        >
          {t('settings.deleteButton')}
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title={t('settings.deleteDialogTitle', { label: projectLabel(project) })}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">{t('settings.deleteText')}</Text>
            <TextInput
              label={t('settings.confirmNumber')}
              description={t('settings.deleteDialogText', { number: project.number })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              error={matches ? undefined : t('msg.project.number_mismatch')}
              data-autofocus
              autoComplete="off"
              styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
                {t('settings.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
