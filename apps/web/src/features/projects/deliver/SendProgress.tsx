import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  formatDate,
  formatTime,
  type DeliveryDto,
  type ParticipantDto,
  type RecipientStatus,
} from '@plankurier/shared';
import { IconCheck, IconClockPause, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import { currentLocale } from '../../../i18n';
import { isDeliveryInProgress, progressCounts, relayWait } from './delivery-progress';

const STATUS_COLOR: Record<RecipientStatus, string> = {
  PREPARING: 'blue',
  SUCCESS: 'green',
  FAILED: 'red',
  NOTHING: 'gray',
  STOPPED: 'orange',
};

interface SendProgressProps {
  delivery: DeliveryDto;
  participantById: ReadonlyMap<string, ParticipantDto>;
  stopping: boolean;
  onStop: () => void;
  onClose: () => void;
}

/**
 * The delivery while it runs and its summary afterwards: one line per receiver (preparing, success,
 * failed, nothing to deliver, stopped), updated live; stop while running, close when finished.
 */
export function SendProgress({ delivery, participantById, stopping, onStop, onClose }: SendProgressProps) {
  const { t } = useTranslation();
  const counts = progressCounts(delivery);
  const phone = useScreen() === 'phone';
  const running = isDeliveryInProgress(delivery);
  const stopped = !running && delivery.status === 'STOPPED';
  // In the project's participant order, however the server listed them (a reload reads them anew).
  const order = new Map([...participantById.keys()].map((id, i) => [id, i]));
  const position = (participant: string) => order.get(participant) ?? order.size;
  const rows = [...delivery.recipients].sort((a, b) => position(a.participant) - position(b.participant));
  // A relay outage stands over the list once, with its next attempt; each waiting receiver says it too.
  const outage = running ? relayWait(delivery) : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} role="region" aria-label={t('deliver.progress.label')}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {running ? (
              <Loader size="sm" />
            ) : (
              <ThemeIcon color={stopped || counts.FAILED ? 'orange' : 'green'} radius="xl" aria-hidden>
                {stopped ? <IconPlayerStop size={16} /> : <IconCheck size={16} />}
              </ThemeIcon>
            )}
            <div>
              <Text fw={700}>
                {t(
                  running
                    ? 'deliver.progress.running'
                    : stopped
                      ? 'deliver.progress.stopped'
                      : 'deliver.progress.summary',
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {stopped
                  ? t('deliver.progress.stoppedDetail', {
                      sent: counts.SUCCESS,
                      stopped: counts.STOPPED,
                      count: counts.total,
                    })
                  : t('deliver.progress.finished', { finished: counts.finished, count: counts.total })}
              </Text>
            </div>
          </Group>
          {running ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} />}
              loading={stopping}
              onClick={onStop}
            >
              {t('deliver.progress.stop')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('deliver.progress.close')}</Button>
          )}
        </Group>
        {outage ? (
          <Alert color="orange" icon={<IconClockPause size={18} />} role="status">
            {t('deliver.retry.relay_unreachable', { time: formatTime(outage.nextAttemptAt) })}
          </Alert>
        ) : null}
        <Progress.Root size="lg" aria-label={t('deliver.progress.bar')}>
          {(['SUCCESS', 'NOTHING', 'FAILED', 'STOPPED'] as const).map((status) =>
            counts[status] ? (
              <Progress.Section
                key={status}
                value={(counts[status] / Math.max(counts.total, 1)) * 100}
                color={STATUS_COLOR[status]}
              />
            ) : null,
          )}
        </Progress.Root>
        <Group gap="md">
          {(['SUCCESS', 'PREPARING', 'NOTHING', 'FAILED', 'STOPPED'] as const).map((status) =>
            counts[status] ? (
              <Badge key={status} color={STATUS_COLOR[status]} variant="light">
                {t(`deliver.status.${status}`)}: {counts[status]}
              </Badge>
            ) : null,
          )}
        </Group>
        {/* On a phone the e-mail column goes, so that each receiver's state shows without scrolling. */}
        <Table.ScrollContainer minWidth={phone ? 320 : 560} type="native">
          <Table verticalSpacing={6} aria-label={t('deliver.progress.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliver.overview.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('deliver.overview.email')}</Table.Th>
                <Table.Th>{t('deliver.progress.state')}</Table.Th>
                <Table.Th>{t('deliver.progress.sentAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const p = participantById.get(r.participant);
                const badge = (
                  <Badge
                    color={STATUS_COLOR[r.status]}
                    variant="light"
                    leftSection={r.status === 'PREPARING' ? <Loader size={10} color="blue" /> : null}
                    // A narrow table squeezes the column: the state is read in full.
                    miw="max-content"
                  >
                    {t(`deliver.status.${r.status}`)}
                  </Badge>
                );
                return (
                  <Table.Tr key={r.participant} data-status={r.status}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {p?.name ?? '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="dimmed">
                        {p?.email ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.error || r.status === 'NOTHING' ? (
                        <Tooltip label={r.error ?? t('deliver.nothingHint')} multiline maw="28rem">
                          {badge}
                        </Tooltip>
                      ) : (
                        badge
                      )}
                      {r.status === 'PREPARING' && r.retry ? (
                        <Text size="xs" c="orange.8" mt={4}>
                          {t(`deliver.retry.${r.retry.reason}`, { time: formatTime(r.retry.nextAttemptAt) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {r.sentAt
                          ? `${formatDate(r.sentAt, currentLocale())} ${formatTime(r.sentAt, { seconds: true })}`
                          : ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
