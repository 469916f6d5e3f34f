import { z } from 'zod';

export const SESSION_DEVICES = ['desktop', 'tablet', 'mobile'] as const;

/** One of the person's own sessions (a signed-in browser), as the account's list of devices shows it. */
export const SessionDtoSchema = z.object({
  _id: z.string(),
  /** From the User-Agent at sign-in, e.g. 'Firefox 135'; null when it said nothing readable. */
  browser: z.string().nullable(),
  /** e.g. 'Windows 10', 'iOS 18.1'. */
  os: z.string().nullable(),
  device: z.enum(SESSION_DEVICES).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this list was asked with. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof SessionDtoSchema>;

export const SessionsResponseSchema = z.object({
  sessions: z.array(SessionDtoSchema),
  /** A session ends after this many days unused, and this many days after its sign-in at the latest. */
  idleDays: z.number(),
  maxDays: z.number(),
});
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;
