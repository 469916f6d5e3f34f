import { Box, Tooltip } from '@mantine/core';
import type { DeliverState } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../../../theme';

const COLOR: Record<DeliverState, string> = {
  RED: STATE_COLORS.toSend,
  GREEN: STATE_COLORS.sent,
  GRAY: STATE_COLORS.nothingToSend,
};

/** The delivery marker: a small filled dot in the state colour with the state in words (UI.md). */
export function DeliverDot({ state, size = 10 }: { state: DeliverState; size?: number }) {
  const { t } = useTranslation();
  const label = t(`subscriptions.deliver.${state}`);
  return (
    <Tooltip label={label} openDelay={400}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-deliver={state}
        style={{
          display: 'inline-block',
          flexShrink: 0,
          width: size,
          height: size,
          borderRadius: '50%',
          background: `var(--mantine-color-${COLOR[state]}-${state === 'GRAY' ? 4 : 6})`,
        }}
      />
    </Tooltip>
  );
}
