import { Checkbox, Group, Tooltip } from '@mantine/core';
import {
  isAgainState,
  isSelectable,
  selectCheckbox,
  type DeliverSelectState,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The deliver-mode checkbox of a sub, doc or participant (spec §4 Deliver-select state): checked,
 * unchecked or indeterminate; the 'again' states (already delivered, sent once more) in orange with a
 * repeat icon; not selectable ones disabled.
 */
export function SelectCheckbox({
  state,
  label,
  onToggle,
}: {
  state: DeliverSelectState;
  label: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const box = selectCheckbox(state);
  const again = isAgainState(state);
  return (
    <Tooltip label={t(`deliver.selectState.${state}`)} openDelay={ICON_TOOLTIP_DELAY_MS}>
      <Group gap={2} wrap="nowrap" data-select-state={state}>
        <Checkbox
          size="xs"
          aria-label={label}
          color={again ? 'orange' : undefined}
          checked={box === 'checked'}
          indeterminate={box === 'indeterminate'}
          disabled={!isSelectable(state)}
          onChange={onToggle}
          onClick={(e) => e.stopPropagation()}
        />
        {again ? <IconRepeat size={12} color="var(--mantine-color-orange-6)" aria-label={t('deliver.again')} /> : null}
      </Group>
    </Tooltip>
  );
}
