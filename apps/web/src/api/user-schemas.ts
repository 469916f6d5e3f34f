import { UserSchema, UserWithTokenSchema, type User } from '@plankurier/shared';

/**
 * The zod schemas of the profile, in a module of their own that loads on demand (lazySchema):
 * zod is not part of the JavaScript the landing, sign-in and sign-up pages need to start.
 */
export { UserSchema, UserWithTokenSchema };

/** PUT /user answers with the user; a password change adds the new token (old ones are revoked). */
export const UpdatedUserSchema = UserWithTokenSchema.partial({ token: true });

/** The profile saved at the last visit, or null when it no longer fits the contract. */
export function parseStoredUser(data: unknown): User | null {
  const parsed = UserSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
