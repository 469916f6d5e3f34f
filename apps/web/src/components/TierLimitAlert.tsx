import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../session/use-session';

/** A refused create (msgCode tier.limit_reached) with the way out: the subscription tab of the account. */
export function TierLimitAlert({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Alert color="orange" icon={<IconBolt size={18} />} title={t('tierLimit.title')} role="alert">
      <Stack gap={6}>
        <Text size="sm">{t('tierLimit.text', { tier: user?.tierDisplayName ?? '' })}</Text>
        <Anchor component={Link} to={PATHS.profileTab('user_plan')} size="sm" fw={600} onClick={onNavigate}>
          {t('tierLimit.upgrade')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
