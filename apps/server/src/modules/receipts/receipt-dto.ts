import type { RecipientReceiptDto } from '@plankurier/shared';

/** A recipient row's receipt as the page and the e-mail card show it. */
export function recipientReceipt(row: {
  receipt_requested: boolean;
  receipt_confirmed_at: Date | null;
  receipt_name: string | null;
  receipt_remark: string | null;
}): RecipientReceiptDto {
  return {
    requested: row.receipt_requested,
    confirmation: row.receipt_confirmed_at
      ? {
          confirmedAt: row.receipt_confirmed_at.toISOString(),
          confirmedBy: row.receipt_name ?? '',
          remark: row.receipt_remark ?? '',
        }
      : null,
  };
}
