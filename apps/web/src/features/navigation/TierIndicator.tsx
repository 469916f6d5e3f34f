import { ActionIcon, Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS, PATHS, type User } from '@plankurier/shared';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { upgradeTargetName } from './upgrade-target';

/**
 * '{tier} Abo' and, when the user can upgrade, the link to the subscription tab. Narrow screens keep
 * the headline's room: the link shrinks to its icon (named, with a tooltip), and on phones the badge goes.
 */
export function TierIndicator({ user }: { user: User }) {
  const { t } = useTranslation();
  const upgradeTo = upgradeTargetName(user);
  const upgradeLabel = upgradeTo ? t('common.upgradeLink', { tier: upgradeTo }) : '';
  return (
    <Group gap="sm" wrap="nowrap">
      <Badge variant="light" size="lg" radius="sm" tt="none" visibleFrom="xs">
        {t('common.tierLabel', { tier: user.tierDisplayName })}
      </Badge>
      {upgradeTo ? (
        <>
          <Anchor component={Link} to={PATHS.profileTab('user_plan')} size="sm" fw={500} visibleFrom="md">
            <Group gap={4} wrap="nowrap" component="span">
              <IconBolt size={16} aria-hidden />
              {upgradeLabel}
            </Group>
          </Anchor>
          <Tooltip label={upgradeLabel} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <ActionIcon
              component={Link}
              to={PATHS.profileTab('user_plan')}
              variant="subtle"
              size="lg"
              aria-label={upgradeLabel}
              hiddenFrom="md"
            >
              <IconBolt size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      ) : null}
    </Group>
  );
}
