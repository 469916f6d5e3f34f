import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** Folds or unfolds the subs under a doc or participant row of deliver mode. */
export function ExpandButton({
  expanded,
  label,
  onToggle,
}: {
  expanded: boolean;
  label: string;
  onToggle: () => void;
}) {
  const Chevron = expanded ? IconChevronDown : IconChevronRight;
  return (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} aria-expanded={expanded} onClick={onToggle}>
      <Chevron size={14} aria-hidden />
    </ActionIcon>
  );
}
