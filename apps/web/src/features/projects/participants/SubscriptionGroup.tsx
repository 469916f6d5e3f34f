import type { SubIndex } from '../model/sub-index';
import { Box, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { ICON_TOOLTIP_DELAY_MS, type SubscriptionBody } from '@plankurier/shared';
import type { ReactNode } from 'react';
import { cellsFormatState, formatToggleItems, type SubCell, type SubFormat } from './participant-model';

interface SubscriptionGroupProps {
  /** The folder's name, also the group's accessible name. */
  name: string;
  /** The quiet words after the name: what the two bulk checkboxes do. */
  hint: ReactNode;
  /** CSS grid columns of the rows beneath: the markers, the caller's cells, then PDF and TEC. */
  columns: string;
  /** Every subscription cell of the folder, switched together by the bulk checkboxes. */
  cells: SubCell[];
  subIndex: SubIndex;
  bulkLabel: (format: SubFormat) => string;
  /** Words added to a bulk checkbox's tooltip, e.g. that it holds for plans added later. */
  bulkNote?: (format: SubFormat) => string | undefined;
  onSend: (items: SubscriptionBody[]) => void;
  /** What the bulk checkboxes do instead of sending the items one by one (a folder's standing subscription). */
  onBulk?: (format: SubFormat, on: boolean, items: SubscriptionBody[]) => void;
  /** A control beside the heading's words. */
  action?: ReactNode;
  /** The folder's subscription rows. */
  children: ReactNode;
}

/**
 * A folder in a subscription list (a plan's receivers, a participant's plans): its heading with PDF and
 * TEC for everything in it (checked, mixed or not), then its rows.
 */
export function SubscriptionGroup(props: SubscriptionGroupProps) {
  const { cells, subIndex } = props;
  const bulk = (format: SubFormat) => {
    const state = cellsFormatState(cells, subIndex, format);
    const label = props.bulkLabel(format);
    const note = props.bulkNote?.(format);
    const toggle = () => {
      const on = state !== 'all';
      const items = formatToggleItems(cells, subIndex, format, on);
      if (props.onBulk) props.onBulk(format, on, items);
      else props.onSend(items);
    };
    return (
      <Tooltip label={note ? `${label} – ${note}` : label} openDelay={ICON_TOOLTIP_DELAY_MS} multiline maw="28rem">
        <Checkbox
          size="xs"
          aria-label={label}
          aria-description={note}
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={cells.length === 0}
          onChange={toggle}
        />
      </Tooltip>
    );
  };
  return (
    <Box role="group" aria-label={props.name}>
      <Box
        py={4}
        px={4}
        bg="gray.0"
        style={{
          display: 'grid',
          gridTemplateColumns: props.columns,
          columnGap: 8,
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <span />
        <Group gap={4} wrap="nowrap" miw={0} style={{ gridColumn: '2 / -3' }}>
          <Text size="sm" fw={600} truncate="end" miw={0}>
            {props.name}
            <Text span size="xs" c="dimmed" fw={400} ml={6}>
              {props.hint}
            </Text>
          </Text>
          {props.action}
        </Group>
        {bulk('pdf')}
        {bulk('tec')}
      </Box>
      {props.children}
    </Box>
  );
}
