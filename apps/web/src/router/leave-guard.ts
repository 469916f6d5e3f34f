import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { sessionStore } from '../session/session-store';

/** Asks the user whether to leave; answers true to leave. */
export type ConfirmLeave = () => Promise<boolean>;

const guards = new Set<ConfirmLeave>();

/**
 * Ways out that are not a navigation of the router ask here first: sign-out ends the session
 * before it navigates, so the router's blocker would ask too late.
 */
export async function confirmLeaving(): Promise<boolean> {
  for (const confirm of [...guards]) if (!(await confirm())) return false;
  return true;
}

/**
 * While `active`, every way off this page asks `confirm` first: links and buttons that navigate,
 * the browser's back and forward (the router's blocker), sign-out (confirmLeaving), and closing or
 * reloading the tab (the browser's own 'leave site?' question; browsers show no text of ours).
 * Navigations that stay on the path (a tab in the query) do not leave the page and pass.
 */
export function useLeaveGuard(active: boolean, confirm: ConfirmLeave): void {
  // Once the user chose to leave a path, a navigation that follows from it before this page is gone
  // (a second one queued behind the first, a redirect on the way out) leaves without a second
  // question; on another path it asks again.
  const leftFrom = useRef<string | null>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      leftFrom.current !== currentLocation.pathname &&
      // Signed out (by sign-out, which asked already, or an expired session): nothing to keep.
      sessionStore.getState().token !== null &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  const latest = useRef({ blocker, confirm });
  const asking = useRef(false);
  useEffect(() => {
    latest.current = { blocker, confirm };
    // One question at a time (StrictMode runs effects twice; a second back press re-blocks): the
    // answer applies to the newest blocked navigation.
    if (blocker.state !== 'blocked') return;
    if (leftFrom.current === window.location.pathname) return blocker.proceed();
    if (asking.current) return;
    asking.current = true;
    void confirm().then((leave) => {
      asking.current = false;
      const current = latest.current.blocker;
      if (leave) leftFrom.current = window.location.pathname;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker, confirm]);

  useEffect(() => {
    if (!active) return;
    guards.add(confirm);
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards.delete(confirm);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, confirm]);
}
