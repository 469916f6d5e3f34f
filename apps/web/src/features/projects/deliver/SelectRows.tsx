import { Box, Group } from '@mantine/core';
import { subSelectState, type DeliverSelectState, type DeliverState, type SubscriptionDto } from '@plankurier/shared';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliverDot } from '../participants/DeliverDot';
import { aggregateDownload } from '../participants/download-state';
import { DownloadDot } from '../participants/DownloadDot';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { ExpandButton } from './ExpandButton';
import { rowStyle, SELECT_GRID, SUB_GRID } from './row-styles';
import { SelectCheckbox } from './SelectCheckbox';

/**
 * The head row of a plan or participant in deliver mode: its checkbox, the expand button (when it has
 * subs), its delivery dot and the download dot of its subs, then the caller's columns.
 */
export function SelectHeadRow({
  testId,
  select,
  expand,
  deliverState,
  subs,
  children,
}: {
  testId: string;
  select: { state: DeliverSelectState; label: string; onToggle: () => void };
  expand: { expanded: boolean; name: string; onToggle: () => void };
  deliverState: DeliverState;
  subs: SubscriptionDto[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box style={{ ...rowStyle(SELECT_GRID), background: 'var(--mantine-color-gray-0)' }} data-testid={testId}>
      <SelectCheckbox {...select} />
      {subs.length > 0 ? (
        <ExpandButton
          expanded={expand.expanded}
          label={t(expand.expanded ? 'deliver.collapse' : 'deliver.expand', { name: expand.name })}
          onToggle={expand.onToggle}
        />
      ) : (
        <span />
      )}
      <Group gap={4} wrap="nowrap">
        <DeliverDot state={deliverState} />
        <DownloadDot state={aggregateDownload(subs)} />
      </Group>
      {children}
    </Box>
  );
}

/** A sub beneath its plan or participant: its checkbox and dots, then the caller's columns. */
export function SubSelectRow({
  sub,
  label,
  state,
  dispatch,
  all,
  children,
}: {
  sub: SubscriptionDto;
  label: string;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  /** Every sub of the project: the selection rules look at the neighbours. */
  all: SubscriptionDto[];
  children: ReactNode;
}) {
  return (
    <Box style={rowStyle(SUB_GRID, 28)} data-testid="deliver-sub">
      <SelectCheckbox
        state={subSelectState(state.selection, sub)}
        label={label}
        onToggle={() => dispatch({ type: 'toggleSub', subs: all, subId: sub._id })}
      />
      <span />
      <Group gap={4} wrap="nowrap">
        <DeliverDot state={sub.state.deliver} />
        <DownloadDot state={sub.state.download} />
      </Group>
      {children}
    </Box>
  );
}
