import { z } from 'zod';

/** Returned mail (issue 5 §8): what the office sees of a bounced delivery e-mail. */

/** 'transient': delayed, the remote server keeps trying; 'permanent': not delivered. */
export const BOUNCE_KINDS = ['transient', 'permanent'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

export interface BounceDto {
  kind: BounceKind;
  /** ISO time the bounce arrived. */
  at: string;
  /** Enhanced status code (5.1.1) or SMTP reply code (550). */
  status: string | null;
  /** The remote server's words, e.g. '550 5.1.1 User unknown'. */
  diagnostic: string | null;
}

/** The `bounce` a timeline e-mail event's data carries once its mail came back. */
export function bounceOfEventData(data: Record<string, unknown>): BounceDto | null {
  const bounce = data.bounce as Record<string, unknown> | undefined;
  if (!bounce || typeof bounce !== 'object') return null;
  const kind = bounce.state;
  if (kind !== 'transient' && kind !== 'permanent') return null;
  return {
    kind,
    at: typeof bounce.at === 'string' ? bounce.at : '',
    status: typeof bounce.status === 'string' ? bounce.status : null,
    diagnostic: typeof bounce.diagnostic === 'string' ? bounce.diagnostic : null,
  };
}

/**
 * A provider's bounce notice as JSON: `recipient` is the address the bounce came back to (our VERP
 * envelope sender `bounces+<token>@…`), `messageId` the original's Message-ID; one of them names
 * the mail. `status` is the enhanced status code (5.1.1) or the SMTP reply code (550).
 */
export const BounceHookBody = z
  .object({
    recipient: z.string().max(500).optional(),
    messageId: z.string().max(500).optional(),
    status: z.string().regex(/^(?:[245]\.\d{1,3}\.\d{1,3}|[245]\d\d)$/),
    diagnostic: z.string().max(5000).optional(),
  })
  .refine((b) => b.recipient !== undefined || b.messageId !== undefined);
export type BounceHookBody = z.infer<typeof BounceHookBody>;
