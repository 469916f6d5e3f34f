import type { QueryClient } from '@tanstack/react-query';
import { clearPrints } from '../features/projects/prints/print-store';
import { uploadStore } from '../features/projects/uploads/upload-store';
import { sessionStore } from './session-store';

/**
 * Sign-out or an ended session drops every cached answer (spec §4 Session): contacts, companies,
 * projects, timelines, archives and the rest live in the query cache, so the next office signing
 * in on this tab never sees them. Uploads still running for the ended session stop, and the print
 * dock empties. Moving the session into another office does the same: nothing of the old office
 * stays on screen. Returns the unsubscribe. (Plan sets' uploads clear themselves: their module
 * brings the upload client and loads with the project screens, not with every page.)
 */
export const clearCacheOnSignOut = (client: QueryClient): (() => void) => {
  const clear = () => {
    client.clear();
    uploadStore.cancelAll();
    clearPrints();
  };
  const stopSignOut = sessionStore.onSignOut(clear);
  const stopOfficeChange = sessionStore.onOfficeChange(clear);
  return () => {
    stopSignOut();
    stopOfficeChange();
  };
};
