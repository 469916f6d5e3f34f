import { z } from 'zod';
import { addressOf } from './delivery-status.ts';
import { clip } from './notice.ts';
import { enhancedCodeIn, replyCodeIn, statusOf } from './status-code.ts';
import type { BounceReport } from './classify.ts';

/**
 * Amazon SES bounce notifications (JSON, as SNS mails them or a webhook posts them). SES sends one
 * only once it has stopped trying, so every bounced recipient is permanent, 'Transient' included.
 * https://docs.aws.amazon.com/ses/latest/dg/notification-contents.html
 */

const SesNotification = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .object({
      bouncedRecipients: z.array(
        z.object({
          emailAddress: z.string(),
          status: z.string().optional(),
          diagnosticCode: z.string().optional(),
        }),
      ),
    })
    .optional(),
  mail: z
    .object({
      source: z.string().optional(),
      commonHeaders: z.object({ messageId: z.string().optional(), returnPath: z.string().optional() }).optional(),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    })
    .optional(),
});

export interface SesBounce {
  reports: BounceReport[];
  /** Envelope senders of the original, where the VERP token is. */
  senders: string[];
  originalMessageId: string | null;
}

function jsonIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    const outer: unknown = JSON.parse(text.slice(start, end + 1));
    // SNS wraps the notification as a string in "Message".
    const message = (outer as { Message?: unknown } | null)?.Message;
    return typeof message === 'string' ? JSON.parse(message) : outer;
  } catch {
    return null;
  }
}

/** The bounce an SES notification reports; null for anything else (a complaint, a delivery, no JSON). */
export function sesBounce(text: string): SesBounce | null {
  if (!text.includes('notificationType') && !text.includes('eventType')) return null;
  const parsed = SesNotification.safeParse(jsonIn(text));
  if (!parsed.success) return null;
  const { bounce, mail, notificationType, eventType } = parsed.data;
  if ((notificationType ?? eventType) !== 'Bounce' || !bounce) return null;
  const headerId = mail?.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value;
  return {
    reports: bounce.bouncedRecipients.map((r) => {
      const diagnostic = r.diagnosticCode ?? '';
      const enhanced = enhancedCodeIn(r.status ?? '')?.code ?? enhancedCodeIn(diagnostic)?.code ?? null;
      const reply = replyCodeIn(diagnostic)?.code ?? null;
      const recipient = addressOf(r.emailAddress);
      return {
        kind: 'permanent' as const,
        status: statusOf({ enhanced, reply }, diagnostic, 'permanent'),
        recipients: recipient ? [recipient] : [],
        diagnostic: clip(diagnostic),
      };
    }),
    senders: [mail?.source, mail?.commonHeaders?.returnPath].filter((s): s is string => Boolean(s)),
    originalMessageId: headerId ?? mail?.commonHeaders?.messageId ?? null,
  };
}
