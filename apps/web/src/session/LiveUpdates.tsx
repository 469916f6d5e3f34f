import { useLiveUpdates } from './use-live-updates';

/** The live-update connection as a component, loaded with the first signed-in page (socket.io, patches). */
export default function LiveUpdates() {
  useLiveUpdates();
  return null;
}
