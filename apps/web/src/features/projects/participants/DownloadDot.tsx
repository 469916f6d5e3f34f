import { LazyTooltip } from '../../../components/LazyTooltip';
import { useRowT } from '../../../i18n/use-row-t';
import { STATE_COLORS } from '../../../theme';
import type { DownloadState } from './download-state';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

const COLOR: Record<DownloadState, string> = {
  red: STATE_COLORS.toSend,
  green: STATE_COLORS.sent,
};

/**
 * The download marker beside the delivery dot: a hollow dot, red while not all sent files were
 * downloaded, green once all were, with the state in words (UI.md). Nothing when nothing was sent.
 */
export function DownloadDot({ state, size = 10 }: { state: DownloadState | null | undefined; size?: number }) {
  const t = useRowT();
  if (!state) return null;
  const label = t(`participants.download.${state}`);
  return (
    <LazyTooltip label={label} openDelay={ICON_TOOLTIP_DELAY_MS}>
      <span
        role="img"
        aria-label={label}
        data-download={state}
        style={{
          display: 'inline-block',
          flexShrink: 0,
          boxSizing: 'border-box',
          width: size,
          height: size,
          borderRadius: '50%',
          border: `2px solid var(--mantine-color-${COLOR[state]}-6)`,
          background: 'transparent',
        }}
      />
    </LazyTooltip>
  );
}
