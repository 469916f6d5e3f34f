import type { OfficeMembership } from '@plankurier/shared';
import { useSwitchOffice } from '../../api/use-office';
import { notifyError } from '../../notifications/notify';

/** Moves the session into another of the person's offices (the mutation opens its project list). */
export function useOfficeSwitch() {
  const switchOffice = useSwitchOffice();
  const switchTo = (office: OfficeMembership) => switchOffice.mutate(office._id, { onError: notifyError });
  return { switchTo, pending: switchOffice.isPending };
}
