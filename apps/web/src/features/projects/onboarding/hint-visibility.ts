import type { SubscriptionDto } from '@plankurier/shared';

/**
 * When the onboarding hints of spec §3 show; each hides for good once its mute flag is set.
 * docAddReceiver: the plan has no receiver although the project has participants to choose from.
 * gotoParticipantList: the project has no participants yet (nobody could receive a plan).
 * receiverDashboardContacts: the office has no contacts at all, so the picker can offer nobody.
 */
export const showAddReceiverHint = (p: { muted: boolean; participantCount: number; receiverCount: number }) =>
  !p.muted && p.participantCount > 0 && p.receiverCount === 0;

export const showGotoParticipantsHint = (p: { muted: boolean; participantCount: number }) =>
  !p.muted && p.participantCount === 0;

/** contactsTotal is undefined while the picker's first page is loading: no hint then. */
export const showImportContactsHint = (p: { muted: boolean; contactsTotal: number | undefined }) =>
  !p.muted && p.contactsTotal === 0;

/** Participants that get the doc in at least one format. */
export const receiverCountOf = (docId: string, subs: readonly SubscriptionDto[]) =>
  subs.filter((s) => s.doc === docId && (s.getsPdf || s.getsTec)).length;
