import { useQuery } from '@tanstack/react-query';
import { contactApi } from './contact-api';
import { queryKeys } from './query-keys';

/** POST /contact/validate once per code, before the page shows. */
export const useContactValidation = (validationCode: string) =>
  useQuery({
    queryKey: queryKeys.contactValidation(validationCode),
    queryFn: () => contactApi.validate(validationCode),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
