import type { Deps } from '../deps.ts';
import { deleteEndedSessions } from '../modules/auth/sessions.ts';

export const SESSION_EXPIRY_QUEUE = 'session-expiry';

/**
 * Deletes the sessions that ended by time, once an hour on one instance: an ended session is
 * refused at once anyway; this keeps the table and the person's list of devices short.
 */
export async function startSessionExpiryWorker(deps: Deps): Promise<void> {
  const { boss } = deps.jobs;
  await boss.createQueue(SESSION_EXPIRY_QUEUE);
  await boss.schedule(SESSION_EXPIRY_QUEUE, '17 * * * *');
  await boss.work(SESSION_EXPIRY_QUEUE, async () => {
    const deleted = await deleteEndedSessions(deps.db, deps.config);
    if (deleted > 0) deps.log.info({ deleted }, 'ended sessions deleted');
  });
}
