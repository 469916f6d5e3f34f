import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecentProjects } from '../../api/use-project';
import { useCurrentUser } from '../../session/use-session';
import { projectLabel } from '../projects/model/project-label';

/** 'Aktuell' in the dashboard: the three projects opened last, newest first, as 'number | name'. */
export function RecentProjects() {
  const { t } = useTranslation();
  const inOffice = Boolean(useCurrentUser()?.officeId);
  const recent = useRecentProjects(inOffice);
  if (inOffice && recent.isPending) return <Loader size="xs" role="status" aria-label={t('common.loading')} />;
  const projects = recent.data?.projects.slice(0, 3) ?? [];
  if (projects.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.noProjects')}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {projects.map((project) => (
        <li key={project._id}>
          <Anchor
            component={Link}
            to={PATHS.project(project._id)}
            size="sm"
            fw={500}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {projectLabel(project)}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
