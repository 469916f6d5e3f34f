import { Chip, Group, Tooltip } from '@mantine/core';
import type { PhaseDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

/** The phases of the project as a row of chips; exactly one is selected. */
export function PhaseChips({
  phases,
  value,
  onChange,
}: {
  phases: readonly PhaseDto[];
  value: string | null;
  onChange: (phaseId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap={6} role="radiogroup" aria-label={t('project.phasesLabel')} wrap="wrap">
        {phases.map((phase) => (
          <Tooltip key={phase._id} label={phase.name} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <div>
              <Chip
                value={phase._id}
                size="sm"
                radius="sm"
                variant="outline"
                styles={{ label: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
              >
                {phase.shortcut}
              </Chip>
            </div>
          </Tooltip>
        ))}
      </Group>
    </Chip.Group>
  );
}
