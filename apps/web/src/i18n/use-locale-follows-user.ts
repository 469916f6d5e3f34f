import { useEffect } from 'react';
import { useCurrentUser } from '../session/use-session';
import { setUiLocale } from './index';

/** The interface speaks the signed-in user's language. */
export function useLocaleFollowsUser(): void {
  const locale = useCurrentUser()?.locale;
  useEffect(() => {
    if (locale) setUiLocale(locale);
  }, [locale]);
}
