import { ActionIcon, Box, Group, Overlay, Paper, Tooltip, useMatches } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { PATHS, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconHome, IconMenu2, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRecentProjects } from '../../api/use-project';
import { useCurrentUser } from '../../session/use-session';
import { OfficeMenu } from '../office/OfficeMenu';
import { NavDashboard } from './NavDashboard';
import { NavHeadline } from './NavHeadline';
import { TierIndicator } from './TierIndicator';
import { UpdateNotice } from './UpdateNotice';

const DASHBOARD_ID = 'navigation-dashboard';
/** Breakpoints read at the first render: a desktop never shows the phone spacing first. */
const SYNC = { getInitialValueInEffect: false };

/**
 * The main navigation bar (5rem) with the dashboard that drops down under it. The dashboard
 * belongs to the location it was opened at, so any navigation closes it.
 */
export function NavBar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The recent projects (dashboard 'Aktuell') answer with appNeedsUpdate for this client's version.
  const inOffice = Boolean(user?.officeId);
  const appNeedsUpdate = useRecentProjects(inOffice).data?.appNeedsUpdate ?? false;
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  const toggleLabel = open ? t('nav.closeMenu') : t('nav.openMenu');
  // Narrow screens keep the headline readable: less room between the pieces.
  const gap = useMatches({ base: 'xs', sm: 'md', lg: 'lg' }, SYNC);
  const homeGap = useMatches({ base: 'xs', sm: 'md' }, SYNC);

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{ zIndex: 200, '--nav-height': '5rem', '--dashboard-height': '33rem' }}
    >
      <Paper
        h="var(--nav-height)"
        radius={0}
        px={{ base: 'xs', sm: 'md', lg: 'xl' }}
        pos="relative"
        style={{ zIndex: 220, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap" gap={gap}>
          <Group gap={homeGap} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <Tooltip label={t('nav.home')} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <ActionIcon component={Link} to={PATHS.projects} variant="subtle" size={48} aria-label={t('nav.home')}>
                <IconHome size={28} stroke={1.6} />
              </ActionIcon>
            </Tooltip>
            <NavHeadline />
          </Group>
          <Group gap={gap} wrap="nowrap" style={{ flexShrink: 0 }}>
            <UpdateNotice appNeedsUpdate={appNeedsUpdate} />
            {/* The office switcher: named on desktops, an icon on tablets, in the dashboard on phones. */}
            {user && inOffice ? (
              <>
                <Box visibleFrom="md">
                  <OfficeMenu user={user} />
                </Box>
                <Box visibleFrom="sm" hiddenFrom="md">
                  <OfficeMenu user={user} compact />
                </Box>
              </>
            ) : null}
            {user && inOffice ? <TierIndicator user={user} /> : null}
            <ActionIcon
              variant={open ? 'light' : 'subtle'}
              size={48}
              aria-label={toggleLabel}
              aria-expanded={open}
              aria-controls={DASHBOARD_ID}
              onClick={() => setOpenAt(open ? null : location.key)}
            >
              {open ? <IconX size={28} stroke={1.6} /> : <IconMenu2 size={28} stroke={1.6} />}
            </ActionIcon>
          </Group>
        </Group>
      </Paper>
      {open && user ? (
        <>
          <Overlay fixed backgroundOpacity={0.25} color="#000" zIndex={150} onClick={close} />
          <Box pos="absolute" left={0} right={0} top="var(--nav-height)" style={{ zIndex: 210 }} onClick={close}>
            <NavDashboard user={user} id={DASHBOARD_ID} />
          </Box>
        </>
      ) : null}
    </Box>
  );
}
