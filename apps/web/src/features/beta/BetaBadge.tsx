import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks a beta feature where it is shown, so testers know what they are looking at. */
export function BetaBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('beta.hint')} openDelay={400}>
      <Badge size="xs" variant="light" color="violet" radius="sm">
        {t('beta.badge')}
      </Badge>
    </Tooltip>
  );
}
