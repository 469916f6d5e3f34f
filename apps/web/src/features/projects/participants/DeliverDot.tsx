import { LazyTooltip } from '../../../components/LazyTooltip';
import type { BounceDto, DeliverState } from '@plankurier/shared';
import { useRowT } from '../../../i18n/use-row-t';
import { STATE_COLORS } from '../../../theme';
import { bounceLabel } from './BounceBadge';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

const COLOR: Record<DeliverState, string> = {
  RED: STATE_COLORS.toSend,
  GREEN: STATE_COLORS.sent,
  GRAY: STATE_COLORS.nothingToSend,
};

/**
 * The delivery marker: a small filled dot in the state colour with the state in words (UI.md). A
 * returned mail (bounce) adds its words to the tooltip.
 */
export function DeliverDot({
  state,
  size = 10,
  bounce,
}: {
  state: DeliverState;
  size?: number;
  bounce?: BounceDto | null | undefined;
}) {
  const t = useRowT();
  const label = bounce
    ? `${t(`subscriptions.deliver.${state}`)} · ${bounceLabel(t, bounce)}`
    : t(`subscriptions.deliver.${state}`);
  return (
    <LazyTooltip label={label} openDelay={ICON_TOOLTIP_DELAY_MS}>
      <span
        role="img"
        aria-label={label}
        data-deliver={state}
        data-bounce={bounce?.kind}
        style={{
          display: 'inline-block',
          flexShrink: 0,
          width: size,
          height: size,
          borderRadius: '50%',
          background: `var(--mantine-color-${COLOR[state]}-${state === 'GRAY' ? 4 : 6})`,
        }}
      />
    </LazyTooltip>
  );
}
