import { Box } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { ICON_TOOLTIP_DELAY_MS, receiptStatus, type ReceiptStateDto } from '@plankurier/shared';
import { IconCircleCheckFilled, IconClockHour4 } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useRowT } from '../../../i18n/use-row-t';
import { STATE_COLORS } from '../../../theme';
import { eventDateTime } from '../timeline/event-view';

/** 'Erhalt bestätigt am 12.11.2026 14:03 von Max Bauer (Index C)', or that it is still asked for. */
export function receiptLabel(t: TFunction, receipt: ReceiptStateDto): string {
  const index = receipt.index ? ` (${t('receipts.index', { index: receipt.index })})` : '';
  if (!receipt.confirmedAt) return `${t('receipts.waiting')}${index}`;
  const date = eventDateTime(receipt.confirmedAt);
  return `${
    receipt.confirmedBy
      ? t('receipts.confirmedBy', { date, name: receipt.confirmedBy })
      : t('receipts.confirmed', { date })
  }${index}`;
}

/**
 * The confirmation of receipt of the latest mail (participant list, plan grid): a green check once
 * confirmed, an orange clock while asked for; nothing when the mail did not ask.
 */
export function ReceiptMark({ receipt, size = 14 }: { receipt: ReceiptStateDto | null | undefined; size?: number }) {
  const t = useRowT();
  const status = receiptStatus(receipt);
  if (!receipt || !status) return null;
  const label = receiptLabel(t, receipt);
  const Icon = status === 'confirmed' ? IconCircleCheckFilled : IconClockHour4;
  return (
    <LazyTooltip label={label} openDelay={ICON_TOOLTIP_DELAY_MS} multiline maw="28rem">
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-receipt={status}
        c={`${status === 'confirmed' ? STATE_COLORS.sent : STATE_COLORS.warning}.7`}
        style={{ display: 'inline-flex', flexShrink: 0 }}
      >
        <Icon size={size} aria-hidden />
      </Box>
    </LazyTooltip>
  );
}
