import { PATHS, type AcceptInvitationBody, type MembersResponse, type OfficeRole } from '@plankurier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../notifications/notify';
import { sessionStore } from '../session/session-store';
import { officeApi } from './office-api';
import { queryKeys } from './query-keys';
import { userApi } from './user-api';

/** The office's people: members, open invitations (for owners and admins) and the seats. */
export const useOfficeMembers = (enabled = true) =>
  useQuery({ queryKey: queryKeys.officeMembers, queryFn: officeApi.members, enabled });

/** The profile read again: the person's own role may have changed with what they just did. */
async function refreshUser() {
  const user = await userApi.getUser().catch(() => null);
  if (user) sessionStore.setUser(user);
}

/** A change of the office's people; the answer is the new list, which replaces the cached one. */
function useMembersChange<V>(mutationFn: (variables: V) => Promise<MembersResponse>, affectsSelf = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (members) => {
      queryClient.setQueryData(queryKeys.officeMembers, members);
      if (affectsSelf) await refreshUser();
    },
  });
}

export const useInvite = () => useMembersChange(officeApi.invite);
export const useResendInvitation = () => useMembersChange(officeApi.resendInvitation);
export const useWithdrawInvitation = () => useMembersChange(officeApi.withdrawInvitation);
export const useChangeRole = () =>
  useMembersChange(
    ({ userId, role }: { userId: string; role: OfficeRole }) => officeApi.changeRole(userId, role),
    true,
  );
export const useHandOver = () => useMembersChange(officeApi.handOver, true);

/** Removing someone else: the list is read again (the answer of DELETE is the new list or nothing). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: officeApi.removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.officeMembers }),
  });
}

/**
 * Leaving the office ends the session there: the server revokes it and tells the live connection,
 * and the sign-in page says that the person left (not that they were removed).
 */
export const useLeaveOffice = () =>
  useMutation({
    mutationFn: (userId: string) => {
      sessionStore.expectEnd('left');
      return officeApi.removeMember(userId);
    },
    onSuccess: () => sessionStore.signOut({ reason: 'left' }),
    onError: () => sessionStore.expectEnd(null),
  });

/**
 * Moves the session into another office and opens its project list; the session store drops the
 * old office's data, and the page of the old office unmounts (so the follow-up lives here).
 */
export function useSwitchOffice() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: officeApi.switchOffice,
    onSuccess: (user) => {
      sessionStore.setUser(user);
      notifySuccess('office.switcher.switched', { company: user.company });
      void navigate(PATHS.projects);
    },
  });
}

/** A person without an office founds their own and works in it at once, on its project list. */
export function useFoundOffice() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: officeApi.found,
    onSuccess: (user) => {
      sessionStore.setUser(user);
      notifySuccess('office.none.founded', { company: user.company });
      void navigate(PATHS.projects, { replace: true });
    },
  });
}

export const useProjectTeam = (projectId: string) =>
  useQuery({ queryKey: queryKeys.projectTeam(projectId), queryFn: () => officeApi.projectTeam(projectId) });

/** Adding a member to a project or taking them off it; the answer is the new team. */
export function useProjectTeamChange(projectId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (team: Awaited<ReturnType<typeof officeApi.projectTeam>>) =>
    queryClient.setQueryData(queryKeys.projectTeam(projectId), team);
  return {
    add: useMutation({ mutationFn: (userId: string) => officeApi.addToProject(projectId, userId), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => officeApi.removeFromProject(projectId, userId), onSuccess }),
  };
}

/** What the invitation page shows; asked once, an invalid link answers 404 invitation.invalid. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => officeApi.previewInvitation(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * Accepting signs the invited person in, in the office that invited them. Someone else signed in
 * on this browser is signed out first, so nothing of their office stays on screen.
 */
export function useAcceptInvitation(token: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => officeApi.acceptInvitation(token, body),
    onSuccess: ({ token: sessionToken, ...user }) => {
      const previous = sessionStore.getState().token;
      if (previous) {
        sessionStore.signOut({ byUser: true });
        void userApi.signOut(previous).catch(() => undefined);
      }
      sessionStore.signIn(sessionToken, user);
      notifySuccess('invitation.welcome', { company: user.company });
      void navigate(PATHS.projects, { replace: true });
    },
  });
}
