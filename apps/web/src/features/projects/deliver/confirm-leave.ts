import { modals } from '@mantine/modals';
import { i18n } from '../../../i18n';

/**
 * The spec's 'leave deliver mode' confirmation (§8 confirm dialogs), for every way out: answers
 * true when the office chose to leave. While a delivery is sending, leaving loses nothing (the
 * server sends on and the project reopens in its progress), and the dialog says so.
 */
export function confirmLeaveDeliverMode(running: boolean): Promise<boolean> {
  const t = i18n.t.bind(i18n);
  return new Promise((resolve) => {
    let leave = false;
    modals.openConfirmModal({
      title: t('deliver.leaveTitle'),
      children: t(running ? 'deliver.leaveRunningText' : 'deliver.leaveText'),
      // Not 'Abbrechen': the band's way out has that name, and here it would mean the opposite.
      labels: { confirm: t('deliver.leaveConfirm'), cancel: t('deliver.leaveStay') },
      onConfirm: () => {
        leave = true;
      },
      // Any way the dialog closes (buttons, Escape, a click outside) answers.
      onClose: () => resolve(leave),
    });
  });
}
