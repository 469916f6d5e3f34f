import { Anchor, Box, Button, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PATHS, personName, type User } from '@plankurier/shared';
import {
  IconAddressBook,
  IconExternalLink,
  IconFileImport,
  IconFolders,
  IconLogout,
  IconMap2,
  IconPlus,
  IconSettings,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../session/use-sign-out';
import { OfficeList } from '../office/OfficeList';
import { DashboardLink } from './DashboardLink';
import { DashboardZone } from './DashboardZone';
import { RecentProjects } from './RecentProjects';

const WEBSITE_URL = 'https://www.plankurier.de';

/** The four zones that drop down under the nav bar; any click inside closes it (the parent handles that). */
export function NavDashboard({ user, id }: { user: User; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <Paper
      id={id}
      shadow="md"
      radius={0}
      // Zones stack on phones, where the dashboard takes the screen below the nav bar; two columns on
      // tablets and small laptops, as high as they need; four from lg on (narrower, their buttons
      // would not fit). It scrolls within the window's height.
      h={{ base: 'calc(100dvh - var(--nav-height))', xs: 'auto', lg: 'var(--dashboard-height)' }}
      mah="calc(100dvh - var(--nav-height))"
      style={{ overflow: 'auto' }}
    >
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing={0}
        mih="100%"
        style={{ maxWidth: '96rem', margin: '0 auto' }}
      >
        <DashboardZone title={t('dashboard.projectsZone')}>
          <DashboardLink to={PATHS.projects} icon={<IconFolders size={20} aria-hidden />}>
            {t('dashboard.projectList')}
          </DashboardLink>
          <Divider my={4} />
          <Text fw={600} size="sm">
            {t('dashboard.recent')}
          </Text>
          <RecentProjects />
          <Box mt="auto">
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(`${PATHS.projects}?create=1`)}>
              {t('dashboard.createProject')}
            </Button>
          </Box>
        </DashboardZone>

        <DashboardZone title={t('dashboard.contactsZone')}>
          <DashboardLink to={PATHS.contacts} icon={<IconAddressBook size={20} aria-hidden />}>
            {t('dashboard.contactList')}
          </DashboardLink>
          <Box mt="auto">
            <Button
              variant="light"
              leftSection={<IconFileImport size={16} />}
              onClick={() => void navigate(`${PATHS.contacts}?tab=import`)}
            >
              {t('dashboard.importContacts')}
            </Button>
          </Box>
        </DashboardZone>

        <DashboardZone title={t('dashboard.productZone')}>
          <DashboardLink to={PATHS.roadmap} icon={<IconMap2 size={20} aria-hidden />}>
            {t('dashboard.roadmap')}
          </DashboardLink>
          <Anchor href={WEBSITE_URL} target="_blank" rel="noopener noreferrer" fw={500}>
            <Group gap="xs" wrap="nowrap" component="span">
              <IconExternalLink size={18} aria-hidden />
              {t('dashboard.website')}
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed" mt="auto">
            {t('common.version', { version: __APP_VERSION__ })}
          </Text>
        </DashboardZone>

        <DashboardZone title={t('dashboard.profileZone')}>
          <DashboardLink to={PATHS.profile} icon={<IconSettings size={20} aria-hidden />}>
            {t('dashboard.settings')}
          </DashboardLink>
          <Stack gap={2}>
            {user.company ? <Text fw={600}>{user.company}</Text> : null}
            {personName(user) !== user.email ? <Text size="sm">{personName(user)}</Text> : null}
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
          </Stack>
          <OfficeList user={user} />
          <Box mt="auto">
            <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              {t('dashboard.signOut')}
            </Button>
          </Box>
        </DashboardZone>
      </SimpleGrid>
    </Paper>
  );
}
