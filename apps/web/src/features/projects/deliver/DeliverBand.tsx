import { Button, Group, Paper, Stepper, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeliverStep } from './deliver-state';

interface DeliverBandProps {
  step: DeliverStep;
  redOnly: boolean;
  busy: boolean;
  /** A delivery's progress or summary is shown: its own 'Anhalten' or 'Schließen' is the way on, not 'Abbrechen'. */
  sending: boolean;
  onToggleRedOnly: () => void;
  onLeave: () => void;
}

/** The tinted band of deliver mode (UI.md): what mode this is, its two steps, the red-only filter and the way out. */
export function DeliverBand({ step, redOnly, busy, sending, onToggleRedOnly, onLeave }: DeliverBandProps) {
  const { t } = useTranslation();
  return (
    <Paper
      radius="md"
      px="md"
      py="sm"
      bg="var(--mantine-color-orange-light)"
      style={{ border: '1px solid var(--mantine-color-orange-3)' }}
      role="region"
      aria-label={t('deliver.mode')}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="orange" variant="filled" radius="xl" aria-hidden>
            <IconSend size={16} />
          </ThemeIcon>
          <Text fw={700}>{t('deliver.mode')}</Text>
        </Group>
        <Stepper
          active={step === 'selection' ? 0 : 1}
          size="xs"
          color="orange"
          flex={1}
          miw={240}
          maw={460}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={t('deliver.steps.selection')} />
          <Stepper.Step label={t('deliver.steps.message_and_overview')} />
        </Stepper>
        <Group gap="md" wrap="nowrap">
          <Switch
            color="red"
            label={t('deliver.redOnly')}
            checked={redOnly}
            onChange={onToggleRedOnly}
            disabled={busy}
          />
          {sending ? null : (
            <Button variant="default" onClick={onLeave} disabled={busy} style={{ flex: 'none' }}>
              {t('deliver.leave')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
