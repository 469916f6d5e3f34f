import { Anchor, Text } from '@mantine/core';
import { PATHS, canManageBilling } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../session/use-session';

/**
 * The way out of a tier limit: the subscription tab. Owners buy there; everyone else learns that
 * only an owner can, and may still look at the plans.
 */
export function UpgradeLink({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? null;
  const owner = role !== null && canManageBilling(role);
  return (
    <>
      {owner ? null : (
        <Text size="sm" c="dimmed">
          {t('tierLimit.ownerOnly')}
        </Text>
      )}
      <Anchor component={Link} to={PATHS.profileTab('user_plan')} size="sm" fw={600} onClick={onNavigate}>
        {owner ? label : t('tierLimit.seePlan')}
      </Anchor>
    </>
  );
}
