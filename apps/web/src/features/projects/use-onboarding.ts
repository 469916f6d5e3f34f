import type { OnboardingFlag } from '@plankurier/shared';
import { useUpdateUser } from '../../api/use-user-mutations';
import { notifyError } from '../../notifications/notify';
import { sessionStore } from '../../session/session-store';
import { useCurrentUser } from '../../session/use-session';

/** An onboarding hint's mute flag (spec §3), saved on the user; the hint hides at once. */
export function useOnboardingHint(flag: OnboardingFlag): { shown: boolean; mute: () => void } {
  const user = useCurrentUser();
  const update = useUpdateUser();
  const shown = user !== null && user.onboardingMuted[flag] !== true;
  const mute = () => {
    if (!user) return;
    const onboardingMuted = { ...user.onboardingMuted, [flag]: true };
    sessionStore.patchUser({ onboardingMuted });
    update.mutate({ updateType: 'UPDATE_PROFILE', onboardingMuted }, { onError: notifyError });
  };
  return { shown, mute };
}
