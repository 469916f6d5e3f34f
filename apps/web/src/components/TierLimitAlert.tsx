import { Alert, Stack, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/use-session';
import { UpgradeLink } from './UpgradeLink';

/** A refused create (msgCode tier.limit_reached) with the way out: the subscription tab of the account. */
export function TierLimitAlert({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Alert color="orange" icon={<IconBolt size={18} />} title={t('tierLimit.title')} role="alert">
      <Stack gap={6}>
        <Text size="sm">{t('tierLimit.text', { tier: user?.tierDisplayName ?? '' })}</Text>
        <UpgradeLink label={t('tierLimit.upgrade')} onNavigate={onNavigate} />
      </Stack>
    </Alert>
  );
}
