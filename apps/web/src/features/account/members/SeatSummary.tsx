import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import type { MembersResponse } from '@plankurier/shared';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UpgradeLink } from '../../../components/UpgradeLink';
import { seatsFull } from '../../office/office-rules';

interface SeatSummaryProps {
  seats: Pick<MembersResponse, 'maxNumberOfUsers' | 'seatsTaken'>;
  tier: string;
}

/** '3 von 5 Plätzen belegt' and, when every seat is taken, the way to a bigger plan. */
export function SeatSummary({ seats, tier }: SeatSummaryProps) {
  const { t } = useTranslation();
  const unlimited = seats.maxNumberOfUsers === 0;
  const full = seatsFull(seats);
  return (
    <Stack gap="xs" data-testid="seat-summary">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {unlimited
            ? t('office.seats.unlimited', { count: seats.seatsTaken })
            : t('office.seats.taken', { taken: seats.seatsTaken, count: seats.maxNumberOfUsers })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('office.seats.hint')}
        </Text>
      </Group>
      {unlimited ? null : (
        <Progress
          value={Math.min(100, (seats.seatsTaken / seats.maxNumberOfUsers) * 100)}
          color={full ? 'orange' : 'blue'}
          aria-hidden
        />
      )}
      {full ? (
        <Alert color="orange" icon={<IconBolt size={18} />} title={t('office.seats.fullTitle')} role="alert">
          <Stack gap={6}>
            <Text size="sm">{t('office.seats.fullText', { tier })}</Text>
            <UpgradeLink label={t('tierLimit.upgrade')} />
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
