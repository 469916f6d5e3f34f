import { Alert, Anchor, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { PATHS, personName, type ProjectTeamMember } from '@plankurier/shared';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOfficeMembers, useProjectTeam, useProjectTeamChange } from '../../../api/use-office';
import { FormSection } from '../../../components/FormSection';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useCurrentUser } from '../../../session/use-session';
import { canManageProjects } from '../../office/office-rules';
import { ProjectTeamRow } from './ProjectTeamRow';

/**
 * 'Team': who works in the project. Owners and admins work in every project; members only in those
 * they were added to. Owners and admins add and remove members; members read the list.
 */
export function ProjectTeamSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const manages = canManageProjects(useCurrentUser()?.role ?? null);
  const team = useProjectTeam(projectId);

  return (
    <FormSection title={t('team.title')} description={t('team.description')}>
      {team.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : team.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {errorText(team.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('team.listLabel')}>
            {team.data.map((person) => (
              <ProjectTeamRow key={person._id} projectId={projectId} person={person} manages={manages} />
            ))}
          </Stack>
          {manages ? <AddToTeam projectId={projectId} team={team.data} /> : null}
        </Stack>
      )}
    </FormSection>
  );
}

/** Owners and admins add a member of the office who is not in the project yet. */
function AddToTeam({ projectId, team }: { projectId: string; team: ProjectTeamMember[] }) {
  const { t } = useTranslation();
  const members = useOfficeMembers();
  const { add } = useProjectTeamChange(projectId);
  const [chosen, setChosen] = useState<string | null>(null);
  const inTeam = new Set(team.map((person) => person._id));
  const officeMembers = (members.data?.members ?? []).filter((member) => member.role === 'member');
  const addable = officeMembers.filter((member) => !inTeam.has(member._id));
  const candidates = addable.map((member) => ({ value: member._id, label: `${personName(member)} (${member.email})` }));

  if (members.isSuccess && candidates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {officeMembers.length === 0 ? t('team.noMembers') : t('team.noCandidates')}{' '}
        <Anchor component={Link} to={PATHS.profileTab('members')} size="sm" underline="always">
          {t('team.toMembers')}
        </Anchor>
      </Text>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const member = addable.find((m) => m._id === chosen);
    add.mutate(chosen, {
      onSuccess: () => {
        setChosen(null);
        notifySuccess('team.added', { name: member ? personName(member) : '' });
      },
      onError: notifyError,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('team.addLabel')}
          placeholder={t('team.addPlaceholder')}
          data={candidates}
          value={chosen}
          onChange={setChosen}
          searchable
          nothingFoundMessage={t('timeline.filter.nothingFound')}
          disabled={members.isPending}
          style={{ flex: '1 1 18rem' }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" leftSection={<IconUserPlus size={16} />} disabled={!chosen} loading={add.isPending}>
          {t('team.add')}
        </Button>
      </Group>
    </form>
  );
}
