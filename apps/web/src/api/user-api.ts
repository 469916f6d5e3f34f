import {
  UserSchema,
  UserWithTokenSchema,
  type ResetBody,
  type SignInBody,
  type SignUpBody,
  type UpdateUserBody,
  type User,
  type UserWithToken,
} from '@plankurier/shared';
import { apiRequest } from './client';

/** PUT /user answers with the user; a password change adds the new token (old ones are revoked). */
const UpdatedUserSchema = UserWithTokenSchema.partial({ token: true });
export type UpdatedUser = User & { token?: string | undefined };

export const userApi = {
  signIn: (body: SignInBody): Promise<UserWithToken> =>
    apiRequest('POST', '/signin', { body, schema: UserWithTokenSchema, auth: false }),

  signUp: (body: SignUpBody): Promise<UserWithToken> =>
    apiRequest('POST', '/user', { body, schema: UserWithTokenSchema, auth: false }),

  signOut: (token: string): Promise<void> => apiRequest('POST', '/signout', { token }),

  getUser: (): Promise<User> => apiRequest('GET', '/user', { schema: UserSchema }),

  updateUser: (body: UpdateUserBody): Promise<UpdatedUser> =>
    apiRequest('PUT', '/user', { body, schema: UpdatedUserSchema }),

  resendWelcome: (): Promise<void> => apiRequest('POST', '/user/resend-welcome'),

  reset: (body: ResetBody): Promise<void> => apiRequest('POST', '/user/reset', { body, auth: false }),

  validate: (validationCode: string): Promise<void> =>
    apiRequest('POST', '/user/validate', { body: { validationCode }, auth: false }),
};
