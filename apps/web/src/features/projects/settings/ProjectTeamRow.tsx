import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ICON_TOOLTIP_DELAY_MS, personName, type ProjectTeamMember } from '@plankurier/shared';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProjectTeamChange } from '../../../api/use-office';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { RoleBadge } from '../../office/RoleBadge';

interface ProjectTeamRowProps {
  projectId: string;
  person: ProjectTeamMember;
  manages: boolean;
}

/** One person of the project's team: name, e-mail, role; members who were added can be taken off again. */
export function ProjectTeamRow({ projectId, person, manages }: ProjectTeamRowProps) {
  const { t } = useTranslation();
  const { remove } = useProjectTeamChange(projectId);
  const name = personName(person);

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('team.removeTitle', { name }),
      children: <Text size="sm">{t('team.removeText', { name })}</Text>,
      labels: { confirm: t('team.removeConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(person._id, {
          onSuccess: () => notifySuccess('team.removed', { name }),
          onError: notifyError,
        }),
    });

  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`team-${person.email}`}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {person.email}
        </Text>
      </Stack>
      {/* The name and e-mail give way (truncated); role and button keep their width. */}
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {person.viaRole ? (
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('team.viaRole')}
          </Text>
        ) : null}
        <RoleBadge role={person.role} />
        {manages && !person.viaRole ? (
          <Tooltip label={t('team.remove')} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('team.removeFrom', { name })}
              onClick={confirmRemove}
              loading={remove.isPending}
            >
              <IconUserMinus size={18} />
            </ActionIcon>
          </Tooltip>
        ) : manages ? (
          <span style={{ width: 28, flexShrink: 0 }} />
        ) : null}
      </Group>
    </Group>
  );
}
