import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { participantApi } from '../../../api/participant-api';
import { queryKeys } from '../../../api/query-keys';
import { pickerBody, type PickerParams } from './picker-params';

/** The picker's pages: 'Weitere laden' appends the next page. */
export const useContactPicker = (projectId: string, params: PickerParams) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.projectContacts(projectId), params] as const,
    queryFn: ({ pageParam }) => participantApi.pick(projectId, pickerBody(params, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
