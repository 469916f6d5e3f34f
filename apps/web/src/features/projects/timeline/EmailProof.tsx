import { Badge, Group, Stack, Text } from '@mantine/core';
import type { EmailDownloadDto, EmailProofDto } from '@plankurier/shared';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../../../theme';
import { eventDateTime } from './event-view';

/** In an e-mail event's line: confirmed, or asked for and still to come. Nothing when not asked. */
export function ReceiptBadge({ proof }: { proof: EmailProofDto | undefined }) {
  const { t } = useTranslation();
  const receipt = proof?.receipt;
  if (!receipt || (!receipt.confirmation && !receipt.requested)) return null;
  const confirmed = Boolean(receipt.confirmation);
  return (
    <Badge
      variant="light"
      color={confirmed ? STATE_COLORS.sent : STATE_COLORS.warning}
      tt="none"
      data-receipt={confirmed ? 'confirmed' : 'waiting'}
      style={{ flexShrink: 0 }}
      leftSection={confirmed ? <IconCircleCheck size={12} aria-hidden /> : <IconClockHour4 size={12} aria-hidden />}
    >
      {t(confirmed ? 'timeline.email.receiptConfirmed' : 'timeline.email.receiptWaiting')}
    </Badge>
  );
}

/** In an expanded e-mail event: who confirmed receipt when, with their remark; or that it is still asked for. */
export function ReceiptDetails({ proof }: { proof: EmailProofDto | undefined }) {
  const { t } = useTranslation();
  const receipt = proof?.receipt;
  if (!receipt || (!receipt.confirmation && !receipt.requested)) return null;
  const { confirmation } = receipt;
  if (!confirmation) {
    return (
      <Group gap={6} mih={40} wrap="nowrap" c={`${STATE_COLORS.warning}.8`} data-receipt="waiting">
        <IconClockHour4 size={16} aria-hidden />
        <Text size="sm">{t('timeline.email.receiptAsked')}</Text>
      </Group>
    );
  }
  const when = eventDateTime(confirmation.confirmedAt);
  return (
    <Stack gap={2} py={10} data-receipt="confirmed">
      <Group gap={6} wrap="nowrap" c={`${STATE_COLORS.sent}.8`}>
        <IconCircleCheck size={16} aria-hidden />
        <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {confirmation.confirmedBy
            ? t('timeline.email.confirmedAtBy', { date: when, name: confirmation.confirmedBy })
            : t('timeline.email.confirmedAt', { date: when })}
        </Text>
      </Group>
      {confirmation.remark ? (
        <Text size="sm" c="dimmed" pl={22} style={{ overflowWrap: 'anywhere' }}>
          „{confirmation.remark}“
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Under a plan of an e-mail event: per format when it was first downloaded through this mail and
 * by whom, or that it was not downloaded yet.
 */
export function PlanDownloads({
  formats,
  downloads,
}: {
  formats: readonly string[];
  downloads: readonly EmailDownloadDto[];
}) {
  const { t } = useTranslation();
  const ofFormat = new Map(downloads.map((d) => [d.format.toLowerCase(), d]));
  return (
    <Text size="xs" c="dimmed" lh={1.4} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formats.map((format, i) => {
        const download = ofFormat.get(format.toLowerCase());
        const label = format.toUpperCase();
        return (
          <span key={format} data-downloaded={download ? 'yes' : 'no'}>
            {i > 0 ? ' · ' : null}
            {download ? (
              <Text span inherit c={`${STATE_COLORS.sent}.8`}>
                {t('timeline.email.downloadedAtBy', {
                  format: label,
                  date: eventDateTime(download.firstAt),
                  name: download.by,
                })}
                {download.count > 1 ? ` (${t('timeline.email.times', { count: download.count })})` : null}
                {download.superseded ? ` – ${t('timeline.email.superseded')}` : null}
              </Text>
            ) : (
              t('timeline.email.notDownloaded', { format: label })
            )}
          </span>
        );
      })}
    </Text>
  );
}
