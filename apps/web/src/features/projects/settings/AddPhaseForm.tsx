import { Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { phaseFormProblems } from '@plankurier/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { phaseApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { fieldForError } from '../../../forms/field-error-for';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/** 'Neue Phase': shortcut (required, not yet in the project) and name (required). */
export function AddPhaseForm({ projectId, existingShortcuts }: { projectId: string; existingShortcuts: string[] }) {
  const { t } = useTranslation();
  const create = useProjectMutation(projectId, (body: { shortcut: string; name: string }) =>
    phaseApi.create({ projectId, ...body }),
  );
  const form = useForm({
    initialValues: { shortcut: '', name: '' },
    validate: (values) => {
      const problems = phaseFormProblems([values], existingShortcuts)[0] ?? {};
      return {
        shortcut: problems.shortcut ? t(`msg.${problems.shortcut}`) : null,
        name: problems.name ? t(`msg.${problems.name}`) : null,
      };
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { shortcut: values.shortcut.trim(), name: values.name.trim() },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess('message_data_updated');
        },
        onError: (err) => {
          const field = fieldForError(err, {
            'phase.shortcut_required': 'shortcut',
            'phase.shortcut_taken': 'shortcut',
            'phase.shortcut_duplicate': 'shortcut',
            'phase.name_required': 'name',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else notifyError(err);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Text size="sm" fw={600} mb={6}>
        {t('settings.addPhaseTitle')}
      </Text>
      <Group gap="sm" align="flex-start" pl={{ base: 0, sm: 'calc(2rem + var(--mantine-spacing-sm))' }}>
        <TextInput
          label={t('settings.shortcut')}
          w="9rem"
          styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
          {...form.getInputProps('shortcut')}
        />
        <TextInput label={t('settings.phaseName')} style={{ flex: '1 1 8rem' }} {...form.getInputProps('name')} />
        <Button type="submit" mt={24} variant="light" leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {t('settings.addPhase')}
        </Button>
      </Group>
    </form>
  );
}
