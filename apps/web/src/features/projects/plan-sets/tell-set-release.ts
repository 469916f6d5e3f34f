import type { PlanSetReleaseResponse } from '@plankurier/shared';
import { notifyInfo, notifySuccess } from '../../../notifications/notify';

/** Plans by number and index; a long list is cut (a toast is no report). */
const LISTED = 5;
const plansOf = (refs: readonly { number: string; index: string }[]) =>
  refs
    .slice(0, LISTED)
    .map((r) => `${r.number} ${r.index}`)
    .join(', ') + (refs.length > LISTED ? ', …' : '');

/**
 * What 'Alle freigeben' of a set did, in toasts: how many versions it released, which ones someone
 * had released before (and who; they were left alone) and which stay in preparation for want of files.
 */
export function tellSetRelease(result: PlanSetReleaseResponse) {
  if (result.released.length > 0) notifySuccess('planSet.panel.released', { count: result.released.length });
  const { alreadyReleased, notReady } = result;
  if (alreadyReleased.length > 0) {
    const names = [...new Set(alreadyReleased.flatMap((r) => (r.by ? [r.by] : [])))].join(', ');
    notifyInfo(names ? 'planSet.panel.alreadyReleasedBy' : 'planSet.panel.alreadyReleased', {
      count: alreadyReleased.length,
      plans: plansOf(alreadyReleased),
      names,
    });
  }
  if (notReady.length > 0) notifyInfo('planSet.panel.notReady', { count: notReady.length, plans: plansOf(notReady) });
}
