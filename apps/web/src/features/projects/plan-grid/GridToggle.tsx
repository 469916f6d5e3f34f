import type { DeliverState } from '@plankurier/shared';
import type { DownloadState } from '../participants/download-state';
import type { GridFormat, ToggleState } from './grid-subs';
import classes from './plan-grid.module.css';

/** The names the contact form and the lists use (issue 37: one name, never 'TEC'). */
const FORMAT_TEXT: Record<GridFormat, string> = { pdf: 'PDF', tec: 'DWG/DXF' };

/**
 * A small PDF or DWG/DXF switch: filled when all its cells are on, tinted when some are. `standing`: the
 * words for a standing subscription behind it (a folder's or phase's rule, or a plan's subscription
 * that came from one), shown as its corner mark and its description.
 */
export function GridToggle({
  format,
  state,
  label,
  standing,
  onClick,
}: {
  format: GridFormat;
  state: ToggleState;
  label: string;
  standing?: string | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={classes.toggle}
      data-format={format}
      data-state={state}
      data-standing={standing ? true : undefined}
      title={standing}
      aria-pressed={state === 'all' ? true : state === 'some' ? 'mixed' : false}
      aria-label={label}
      onClick={onClick}
    >
      {FORMAT_TEXT[format]}
    </button>
  );
}

/**
 * The filled delivery dot (RED / GREEN / GRAY) with its meaning in words. A cell's confirmation
 * of receipt rings it: green once confirmed, orange while asked for. A cell without a subscription
 * draws no dot at all (the switches stand from the left, plan-grid.module.css).
 */
export function DeliverDot({
  state,
  label,
  receipt,
}: {
  state: DeliverState;
  label: string;
  receipt?: 'confirmed' | 'waiting' | null;
}) {
  return (
    <span
      className={classes.dot}
      data-state={state}
      data-receipt={receipt ?? undefined}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}

/**
 * The download mark beside the delivery dot, as the participant list draws it: a hollow ring, red
 * while not all sent files were downloaded, green once all were. Nothing when nothing was sent.
 */
export function DownloadMark({ state, label }: { state: DownloadState | null | undefined; label: string }) {
  if (!state) return null;
  return <span className={classes.download} data-download={state} role="img" aria-label={label} title={label} />;
}

export const formatText = (format: GridFormat) => FORMAT_TEXT[format];
