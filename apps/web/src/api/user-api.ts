import type {
  RequestMailAddressConfirmationBody,
  ResetBody,
  SignInBody,
  SignUpBody,
  UpdateUserBody,
  User,
  UserWithToken,
} from '@plankurier/shared';
import { apiRequest, lazySchema } from './client';
import { dtoSchema } from './dto-schema';

export type UpdatedUser = User & { token?: string | undefined };

const userSchemas = () => import('./user-schemas');
export const UserSchema = lazySchema<User>(() => userSchemas().then((m) => m.UserSchema));
const UserWithTokenSchema = lazySchema<UserWithToken>(() => userSchemas().then((m) => m.UserWithTokenSchema));
const UpdatedUserSchema = lazySchema<UpdatedUser>(() => userSchemas().then((m) => m.UpdatedUserSchema));

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

  /** Mails the confirmation link for the person's BCC or Reply-To address (again). */
  requestMailAddressConfirmation: (body: RequestMailAddressConfirmationBody): Promise<void> =>
    apiRequest('POST', '/user/mail-address-confirmation', { body }),

  /** The owner of a BCC or Reply-To address follows the link from the confirmation mail (no account needed). */
  confirmMailAddress: (code: string): Promise<{ email: string }> =>
    apiRequest('POST', '/mail-address/confirm', {
      body: { code },
      auth: false,
      schema: dtoSchema<{ email: string }>('email'),
    }),
};
