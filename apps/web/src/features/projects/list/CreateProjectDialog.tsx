import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PATHS, PHASE_TEMPLATES, defaultPhaseTemplate, type PhaseTemplate } from '@plankurier/shared';
import { IconBolt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { useCreateProject } from '../../../api/use-project';
import { fieldForError } from '../../../forms/field-error-for';
import { errorText } from '../../../notifications/error-text';
import { notifySuccess } from '../../../notifications/notify';
import { useCurrentUser } from '../../../session/use-session';
import { UpgradeLink } from '../../../components/UpgradeLink';
import { currentLocale } from '../../../i18n';

/**
 * 'Neues Projekt': number (required, unique), name, and the work stages it starts with (HOAI, RIBA,
 * SIA or none; the office's language picks one first); a tier limit shows the upgrade path.
 */
export function CreateProjectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const create = useCreateProject();
  const navigate = useNavigate();
  const [limitReached, setLimitReached] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ number: string; name: string; phaseTemplate: PhaseTemplate }>({
    initialValues: { number: '', name: '', phaseTemplate: defaultPhaseTemplate(user?.locale ?? currentLocale()) },
    validate: { number: (value) => (value.trim() ? null : t('msg.project.number_required')) },
  });

  const reset = () => {
    form.reset();
    setLimitReached(false);
    setFormError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    create.mutate(
      { number: values.number.trim(), name: values.name.trim(), phaseTemplate: values.phaseTemplate },
      {
        // The office lands in the new project (its first phase selected, spec §2). It replaces the
        // dialog's entry (/projects?create=1), so 'back' leads to the project list.
        onSuccess: (project) => {
          notifySuccess('message_project_created');
          reset();
          void navigate(PATHS.project(project._id), { replace: true });
        },
        onError: (err) => {
          if (isApiError(err) && err.msgCode === 'tier.limit_reached') {
            setLimitReached(true);
            return;
          }
          const field = fieldForError(err, {
            'project.number_required': 'number',
            'project.number_taken': 'number',
          } as const);
          if (field) form.setFieldError(field, errorText(err));
          else setFormError(errorText(err));
        },
      },
    );
  });

  const limit = user?.features.maxNumberOfProjects ?? 0;

  return (
    <Modal opened={opened} onClose={close} title={t('projects.dialog.title')} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('projects.dialog.number')}
            placeholder={t('projects.dialog.numberPlaceholder')}
            withAsterisk
            data-autofocus
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            {...form.getInputProps('number')}
          />
          <TextInput
            label={t('projects.dialog.name')}
            placeholder={t('projects.dialog.namePlaceholder')}
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={t('projects.dialog.phases')}
            description={t('projects.dialog.phasesHint')}
            data={PHASE_TEMPLATES.map((template) => ({
              value: template,
              label: t(`projects.dialog.template.${template}`),
            }))}
            {...form.getInputProps('phaseTemplate')}
          />
          {limitReached ? (
            <Alert color="orange" icon={<IconBolt size={18} />} title={t('projects.dialog.limitTitle')} role="alert">
              <Stack gap={6}>
                <Text size="sm">
                  {limit > 0 && user
                    ? t('projects.dialog.limitText', { tier: user.tierDisplayName, count: limit })
                    : t('projects.dialog.limitTextUnknown')}
                </Text>
                <UpgradeLink label={t('projects.dialog.upgrade')} onNavigate={close} />
              </Stack>
            </Alert>
          ) : null}
          {formError ? (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('projects.dialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
