import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

/** Marks a beta feature where it is shown, so testers know what they are looking at. */
export function BetaBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('beta.hint')} openDelay={ICON_TOOLTIP_DELAY_MS}>
      <Badge size="xs" variant="light" color="violet" radius="sm">
        {t('beta.badge')}
      </Badge>
    </Tooltip>
  );
}
