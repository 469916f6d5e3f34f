import { companySearchStarts, type ImportInfo } from '@plankurier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactApi, contactImportApi, type ContactInput } from './contact-api';
import type { ContactListParams } from './contact-list-query';
import { queryKeys } from './query-keys';

/** Everything of the contacts screen lives under the 'contacts' prefix, so one invalidation reloads it. */
export const contactKeys = {
  list: (params: ContactListParams) => [...queryKeys.contacts, 'list', params] as const,
  importInfo: [...queryKeys.contacts, 'import'] as const,
  undoPreview: (importId: string) => [...queryKeys.contacts, 'import', importId, 'undo-preview'] as const,
  companies: (searchText: string) => ['companies', searchText] as const,
};

export const useContactList = (params: ContactListParams) =>
  useQuery({
    queryKey: contactKeys.list(params),
    queryFn: () => contactApi.list(params),
    placeholderData: keepPreviousData,
  });

/** Companies of the office's contacts that contain the text; asks only above 3 characters (spec §5). */
export const useCompanySearch = (searchText: string) => {
  const text = searchText.trim();
  return useQuery({
    queryKey: contactKeys.companies(text),
    queryFn: () => contactApi.searchCompanies(text),
    enabled: companySearchStarts(text),
    staleTime: 30_000,
    retry: false,
  });
};

const useContactsMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts }),
  });
};

export const useCreateContact = () =>
  useContactsMutation((body: ContactInput & { projectId?: string; folderId?: string }) => contactApi.create(body));
export const useUpdateContact = () =>
  useContactsMutation(({ contactId, body }: { contactId: string; body: ContactInput & { rev?: number } }) =>
    contactApi.update(contactId, body),
  );
export const useDeleteContact = () => useContactsMutation((contactId: string) => contactApi.remove(contactId));
export const useRequestContactValidation = () =>
  useContactsMutation((contactId: string) => contactApi.requestValidation(contactId));

/** The office's latest import that is not finalised yet (null: the import tab starts empty). */
export const useImportInfo = () =>
  useQuery({
    queryKey: contactKeys.importInfo,
    queryFn: () => contactImportApi.info(),
    // Live events keep it current; while it runs, ask now and then in case the socket is away.
    refetchInterval: (query) => (query.state.data?.importInfo?.inProgress ? 3000 : false),
  });

export const useStartImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => contactImportApi.start(file),
    // A live event of the same import may have come first and be further along.
    onSuccess: (data) =>
      queryClient.setQueryData<{ importInfo: ImportInfo | null }>(contactKeys.importInfo, (old) =>
        old?.importInfo?._id === data.importInfo._id ? old : data,
      ),
  });
};

export const useResetImport = () => useContactsMutation(() => contactImportApi.reset());
export const useDeleteImport = () => useContactsMutation((importId: string) => contactImportApi.remove(importId));

/** Before an undo: the contacts it removes and the ones it keeps; asked each time the dialog opens. */
export const useUndoImportPreview = (importId: string, enabled: boolean) =>
  useQuery({
    queryKey: contactKeys.undoPreview(importId),
    queryFn: () => contactImportApi.undoPreview(importId),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
