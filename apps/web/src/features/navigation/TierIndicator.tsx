import { Anchor, Badge, Group } from '@mantine/core';
import { PATHS, type User } from '@plankurier/shared';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { upgradeTargetName } from './upgrade-target';

/** '{tier} Abo' and, when the user can upgrade, the link to the subscription tab. */
export function TierIndicator({ user }: { user: User }) {
  const { t } = useTranslation();
  const upgradeTo = upgradeTargetName(user);
  return (
    <Group gap="sm" wrap="nowrap">
      <Badge variant="light" size="lg" radius="sm" tt="none">
        {t('common.tierLabel', { tier: user.tierDisplayName })}
      </Badge>
      {upgradeTo ? (
        <Anchor component={Link} to={PATHS.profileTab('user_plan')} size="sm" fw={500} visibleFrom="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconBolt size={16} aria-hidden />
            {t('common.upgradeLink', { tier: upgradeTo })}
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}
