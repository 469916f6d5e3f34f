import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useProjectBundle } from '../../api/use-project';
import { projectLabel } from '../projects/model/project-label';
import { navLocation, projectIdOfPath, type NavLocation } from './nav-location';

const HEADLINE_KEYS: Partial<Record<NavLocation, string>> = {
  projects: 'nav.headline.projects',
  contacts: 'nav.headline.contacts',
  roadmap: 'nav.headline.roadmap',
  account: 'nav.headline.account',
};

/** The nav bar's headline: a welcome on the project list, the area's name elsewhere. */
export function NavHeadline() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const location = navLocation(pathname);
  if (location === 'project') return <ProjectHeadline projectId={projectIdOfPath(pathname)} />;
  const key = HEADLINE_KEYS[location];
  if (!key) return null;
  return (
    <Text component="div" fz={{ base: 'lg', sm: 'xl' }} fw={600} c="dark.7" truncate="end" title={t(key)}>
      {t(key)}
    </Text>
  );
}

/** 'number | name' of the open project, from the same cached bundle the project page loads. */
function ProjectHeadline({ projectId }: { projectId: string | undefined }) {
  const bundle = useProjectBundle(projectId);
  if (!bundle.data) return null;
  const label = projectLabel(bundle.data.project);
  return (
    <Text
      component="h1"
      m={0}
      fz={{ base: 'lg', sm: 'xl' }}
      fw={600}
      c="dark.7"
      truncate="end"
      title={label}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {label}
    </Text>
  );
}
