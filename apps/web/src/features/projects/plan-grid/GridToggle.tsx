import type { DeliverState } from '@plankurier/shared';
import type { GridFormat, ToggleState } from './grid-subs';
import classes from './plan-grid.module.css';

const FORMAT_TEXT: Record<GridFormat, string> = { pdf: 'PDF', tec: 'TEC' };

/** A small PDF or TEC switch: filled when all its cells are on, tinted when some are. */
export function GridToggle({
  format,
  state,
  label,
  onClick,
}: {
  format: GridFormat;
  state: ToggleState;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={classes.toggle}
      data-state={state}
      aria-pressed={state === 'all' ? true : state === 'some' ? 'mixed' : false}
      aria-label={label}
      onClick={onClick}
    >
      {FORMAT_TEXT[format]}
    </button>
  );
}

/**
 * The filled delivery dot (RED / GREEN / GRAY) with its meaning in words; `null` keeps the space
 * empty. A cell's confirmation of receipt rings it: green once confirmed, orange while asked for.
 */
export function DeliverDot({
  state,
  label,
  receipt,
}: {
  state: DeliverState | null;
  label: string;
  receipt?: 'confirmed' | 'waiting' | null;
}) {
  if (!state) return <span className={classes.dot} aria-hidden />;
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

export const formatText = (format: GridFormat) => FORMAT_TEXT[format];
