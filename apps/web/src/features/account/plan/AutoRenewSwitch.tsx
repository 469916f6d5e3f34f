import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSetAutoRenew } from '../../../api/use-billing';
import { notifyError, notifySuccess } from '../../../notifications/notify';

/** Renewal of the running plan at its period end, switchable at any time. */
export function AutoRenewSwitch({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  const setAutoRenew = useSetAutoRenew();
  return (
    <Switch
      checked={setAutoRenew.isPending ? !checked : checked}
      disabled={setAutoRenew.isPending}
      label={t('account.upgrade.autoRenew')}
      onChange={(event) =>
        setAutoRenew.mutate(event.currentTarget.checked, {
          onSuccess: () => notifySuccess('message_account_update_data_success'),
          onError: notifyError,
        })
      }
    />
  );
}
