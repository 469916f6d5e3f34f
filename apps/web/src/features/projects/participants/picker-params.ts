import type { ContactSortField, ProjectContactsBody } from '@plankurier/shared';

export interface PickerParams {
  searchText: string;
  sortBy: ContactSortField;
  roleId: string | null;
}

/** The body of POST /project/contacts/:projectId; an empty search and no role are left out. */
export function pickerBody(params: PickerParams, page: number): Partial<ProjectContactsBody> {
  const searchText = params.searchText.trim();
  return {
    page,
    sortBy: params.sortBy,
    sortOrder: params.sortBy === 'createdAt' ? -1 : 1,
    ...(searchText ? { searchText } : {}),
    ...(params.roleId ? { filters: { roleId: params.roleId } } : {}),
  };
}

/**
 * Which empty state the picker shows: 'no contacts available' (the office has none), 'no contacts
 * found for these filter settings', or, without search and role filter, that all are participants.
 */
export function pickerEmptyState(
  answer: { count: number; total: number } | undefined,
  params: PickerParams,
): 'none' | 'noContacts' | 'noMatch' | 'allTaken' {
  if (!answer || answer.count > 0) return 'none';
  if (answer.total === 0) return 'noContacts';
  return params.searchText.trim() || params.roleId ? 'noMatch' : 'allTaken';
}

/** Adding a participant is allowed while the tier limit is 0 (unlimited) or above the current count (spec §5). */
export const participantLimitReached = (participantCount: number, maxNumberOfParticipants: number) =>
  maxNumberOfParticipants > 0 && participantCount >= maxNumberOfParticipants;
