import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { navLocation, type NavLocation } from './nav-location';

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
  const key = HEADLINE_KEYS[navLocation(pathname)];
  if (!key) return null;
  return (
    <Text component="div" fz="xl" fw={600} c="dark.7" truncate="end">
      {t(key)}
    </Text>
  );
}
