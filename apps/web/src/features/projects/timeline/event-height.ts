/** Heights of an e-mail event in the timeline list (spec §9), in px. */
export const EMAIL_EVENT_HEIGHTS = {
  /** The always visible line: recipient, subject, plan count, sent time. */
  header: 40,
  /** One row per sent plan when expanded. */
  docRow: 40,
  /** The cover message box when expanded (it scrolls beyond this). */
  userMessage: 180,
  /** The gap to the next event. */
  gap: 20,
  /** Beyond spec §9: under each plan the line of its downloads (issue 16). */
  downloadLine: 20,
  /** Beyond spec §9: the confirmation of receipt, or that it is still asked for. */
  receipt: 40,
} as const;

/**
 * The space an e-mail event takes in the list: collapsed 40+20; expanded 40, plus 40 per plan
 * (and 20 for its downloads), plus 180 with a cover message, plus 40 for a receipt, plus 20. The
 * list uses it as the size of events off screen.
 */
export function emailEventHeight(event: {
  expanded: boolean;
  docCount: number;
  hasUserMessage: boolean;
  hasReceipt?: boolean;
}): number {
  const h = EMAIL_EVENT_HEIGHTS;
  if (!event.expanded) return h.header + h.gap;
  return (
    h.header +
    (h.docRow + h.downloadLine) * event.docCount +
    (event.hasUserMessage ? h.userMessage : 0) +
    (event.hasReceipt ? h.receipt : 0) +
    h.gap
  );
}
