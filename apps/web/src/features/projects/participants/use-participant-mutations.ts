import type { SubscriptionBody } from '@plankurier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { participantApi, participantFolderApi, roleApi, subscriptionApi } from '../../../api/participant-api';
import { projectSyncOf } from '../../../api/project-sync';
import { queryKeys } from '../../../api/query-keys';
import { useProjectMutation } from '../../../api/use-project';
import type { ParticipantDrop } from './participant-model';
import { withParticipantDrop, withSubscriptions } from './participant-patches';

export const useParticipantOrder = (projectId: string) =>
  useProjectMutation(
    projectId,
    (drop: ParticipantDrop) =>
      drop.kind === 'folders'
        ? participantFolderApi.order(projectId, drop.folderIds)
        : participantApi.order(drop.folderId, drop.participantIds),
    withParticipantDrop,
  );

export const useSubscriptionToggle = (projectId: string) =>
  useProjectMutation(
    projectId,
    (items: SubscriptionBody[]): Promise<unknown> =>
      items.length === 1 ? subscriptionApi.set(items[0]!) : subscriptionApi.setMany(items),
    withSubscriptions,
  );

export const useUpdateParticipant = (projectId: string) =>
  useProjectMutation(
    projectId,
    ({ participantId, roleIds }: { participantId: string; roleIds: string[] }) =>
      participantApi.update(participantId, { roleIds }),
    (bundle, { participantId, roleIds }) => ({
      ...bundle,
      participants: bundle.participants.map((p) => (p._id === participantId ? { ...p, roles: roleIds } : p)),
    }),
  );

export const useRemoveParticipant = (projectId: string) =>
  useProjectMutation(projectId, (participantId: string) => participantApi.remove(participantId));

export const useParticipantFolderCollapse = (projectId: string) =>
  useProjectMutation(
    projectId,
    ({ folderId, isCollapsed }: { folderId: string; isCollapsed: boolean }) =>
      participantFolderApi.update(folderId, { isCollapsed }),
    (bundle, { folderId, isCollapsed }) => ({
      ...bundle,
      participantfolders: bundle.participantfolders.map((f) => (f._id === folderId ? { ...f, isCollapsed } : f)),
    }),
  );

export const useRemoveParticipantFolder = (projectId: string) =>
  useProjectMutation(projectId, (folderId: string) => participantFolderApi.remove(folderId));

/** Adds a contact of the picker: the project's changed rows and the picker (which no longer lists it) are read again. */
export function useAddParticipant(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, folderId }: { contactId: string; folderId: string }) =>
      participantApi.add({ projectId, contactId, folderId }),
    onMutate: () => ({ own: projectSyncOf(queryClient).ownChange(projectId) }),
    onSettled: (_data, _err, _variables, context) =>
      Promise.all([
        context ? context.own.settled() : projectSyncOf(queryClient).catchUp(projectId),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectContacts(projectId) }),
      ]),
  });
}

/** Roles belong to the office: every cached project shows them. */
export function useRoleMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
  return {
    create: useMutation({ mutationFn: (name: string) => roleApi.create(name), onSettled }),
    rename: useMutation({
      mutationFn: ({ roleId, name, rev }: { roleId: string; name: string; rev: number }) =>
        roleApi.rename(roleId, name, rev),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (roleId: string) => roleApi.remove(roleId), onSettled }),
  };
}
