import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { userApi } from './user-api';

/** POST /mail-address/confirm once per code, before the page shows (a second call answers the same). */
export const useMailAddressConfirmation = (code: string) =>
  useQuery({
    queryKey: queryKeys.mailAddressConfirmation(code),
    queryFn: () => userApi.confirmMailAddress(code),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
