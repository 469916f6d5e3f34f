import { PATHS, type OfficeMembership } from '@plankurier/shared';
import { useNavigate } from 'react-router';
import { useSwitchOffice } from '../../api/use-office';
import { notifyError, notifySuccess } from '../../notifications/notify';

/**
 * Moves the session into another of the person's offices and opens its project list; the session
 * store drops everything cached of the old office on the way.
 */
export function useOfficeSwitch() {
  const navigate = useNavigate();
  const switchOffice = useSwitchOffice();
  const switchTo = (office: OfficeMembership) =>
    switchOffice.mutate(office._id, {
      onSuccess: () => {
        void navigate(PATHS.projects);
        notifySuccess('office.switcher.switched', { company: office.company });
      },
      onError: notifyError,
    });
  return { switchTo, pending: switchOffice.isPending };
}
