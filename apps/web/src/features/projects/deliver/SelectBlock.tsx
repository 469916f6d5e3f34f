import { Box } from '@mantine/core';
import type { DeliverSelectState, DeliverState, SubscriptionDto } from '@plankurier/shared';
import type { Dispatch, ReactNode } from 'react';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { SelectHeadRow, SubSelectRow } from './SelectRows';

interface SelectBlockProps {
  head: {
    testId: string;
    select: { state: DeliverSelectState; label: string; onToggle: () => void };
    /** The row's name in the expand button's label. */
    name: string;
    collapsed: boolean;
    onToggleCollapsed: () => void;
    deliverState: DeliverState;
  };
  /** The row's subs that are shown (all, or the red ones). */
  subs: SubscriptionDto[];
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  /** Every sub of the project: the selection rules look at the neighbours. */
  all: SubscriptionDto[];
  /** A sub's checkbox label and columns; null when the other side of it is not in the bundle. */
  renderSub: (sub: SubscriptionDto) => { label: string; columns: ReactNode } | null;
  /** The head row's columns. */
  children: ReactNode;
}

/** A plan or participant of deliver mode with, while expanded, one row per sub beneath it. */
export function SelectBlock({ head, subs, state, dispatch, all, renderSub, children }: SelectBlockProps) {
  const expanded = !head.collapsed && subs.length > 0;
  return (
    <Box>
      <SelectHeadRow
        testId={head.testId}
        select={head.select}
        expand={{ expanded, name: head.name, onToggle: head.onToggleCollapsed }}
        deliverState={head.deliverState}
        subs={subs}
      >
        {children}
      </SelectHeadRow>
      {expanded
        ? subs.map((sub) => {
            const row = renderSub(sub);
            if (!row) return null;
            return (
              <SubSelectRow key={sub._id} sub={sub} label={row.label} state={state} dispatch={dispatch} all={all}>
                {row.columns}
              </SubSelectRow>
            );
          })
        : null}
    </Box>
  );
}
