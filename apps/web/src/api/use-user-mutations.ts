import type { SignInBody, SignUpBody, UpdateUserBody } from '@plankurier/shared';
import { useMutation } from '@tanstack/react-query';
import { sessionStore } from '../session/session-store';
import { userApi, type UpdatedUser } from './user-api';

function storeUser({ token, ...user }: UpdatedUser): void {
  if (token) sessionStore.signIn(token, user);
  else sessionStore.setUser(user);
}

export const useSignIn = () =>
  useMutation({
    mutationFn: (body: SignInBody) => userApi.signIn(body),
    onSuccess: storeUser,
  });

export const useSignUp = () =>
  useMutation({
    mutationFn: (body: SignUpBody) => userApi.signUp(body),
    onSuccess: storeUser,
  });

/** PUT /user for every update type; a new token (password change) replaces the stored one. */
export const useUpdateUser = () =>
  useMutation({
    mutationFn: async (body: UpdateUserBody) => {
      const changesToken = body.updateType === 'UPDATE_PASSWORD';
      if (changesToken) sessionStore.expectNewToken(true);
      try {
        return await userApi.updateUser(body);
      } catch (err) {
        if (changesToken) sessionStore.expectNewToken(false);
        throw err;
      }
    },
    onSuccess: storeUser,
  });

export const useResendWelcome = () => useMutation({ mutationFn: () => userApi.resendWelcome() });

/** Mails the confirmation link of the BCC or Reply-To address; the profile read again shows it as sent. */
export const useRequestMailAddressConfirmation = () =>
  useMutation({
    mutationFn: (address: 'bcc' | 'replyTo') => userApi.requestMailAddressConfirmation({ address }),
    onSuccess: async () => {
      const user = await userApi.getUser().catch(() => null);
      if (user) sessionStore.setUser(user);
    },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: (email: string) => userApi.reset({ email }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { code: string; password: string }) => userApi.reset(body) });
