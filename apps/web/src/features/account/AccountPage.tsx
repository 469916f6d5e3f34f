import { Stack, Tabs, useMatches } from '@mantine/core';
import { PATHS, type AccountTab, type User } from '@plankurier/shared';
import {
  IconBuilding,
  IconCreditCard,
  IconDevices,
  IconLock,
  IconMail,
  IconSettings,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';
import { useCurrentUser } from '../../session/use-session';
import { accountTabFrom, isAccountTab, visibleAccountTabs } from './account-tab';
import { ChangeEmailTab } from './ChangeEmailTab';
import { ChangePasswordTab } from './ChangePasswordTab';
import { MembersTab } from './members/MembersTab';
import { OfficeTab } from './OfficeTab';
import { SessionsTab } from './SessionsTab';
import { UserDataTab } from './UserDataTab';
import { UserPlanTab } from './UserPlanTab';
import { UserSettingsTab } from './UserSettingsTab';

const TAB_ICONS: Record<AccountTab, ReactNode> = {
  user_plan: <IconCreditCard size={16} />,
  office: <IconBuilding size={16} />,
  members: <IconUsersGroup size={16} />,
  user_data: <IconUser size={16} />,
  user_settings: <IconSettings size={16} />,
  change_password: <IconLock size={16} />,
  change_email: <IconMail size={16} />,
  sessions: <IconDevices size={16} />,
};

const TAB_PANELS: Record<AccountTab, ComponentType<{ user: User }>> = {
  user_plan: UserPlanTab,
  office: OfficeTab,
  members: MembersTab,
  user_data: UserDataTab,
  user_settings: UserSettingsTab,
  change_password: ChangePasswordTab,
  change_email: ChangeEmailTab,
  sessions: SessionsTab,
};

/** The account screen: the office's tabs and the person's own; the tab lives in the path (/profile/<tab>). */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const { tab: tabParam } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // Eight tabs: names alone below md keep them on one line on a tablet; a phone's lines share the width.
  const screen = useMatches({ base: 'phone', sm: 'tablet', md: 'wide' } as const, { getInitialValueInEffect: false });
  if (!user) return null;
  const tab = accountTabFrom(tabParam, user);
  const Panel = TAB_PANELS[tab];

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <PageHeader title={t('account.title')} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isAccountTab(value)) void navigate(PATHS.profileTab(value));
        }}
      >
        <Tabs.List grow={screen === 'phone'}>
          {visibleAccountTabs(user).map((name) => (
            <Tabs.Tab
              key={name}
              value={name}
              leftSection={screen === 'wide' ? TAB_ICONS[name] : undefined}
              // finger-sized on phones; narrower sides elsewhere keep the eight tabs on one line
              py={screen === 'phone' ? 12 : undefined}
              px={screen === 'phone' ? undefined : 'xs'}
            >
              {t(`account.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Panel key={`${tab}-${user._id}-${user.officeId}`} user={user} />
    </Stack>
  );
}
