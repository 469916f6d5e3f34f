import { Select } from '@mantine/core';
import { canManageBilling, type User } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../api/use-user-mutations';
import { FormSection } from '../../components/FormSection';
import { notifyError, notifySuccess } from '../../notifications/notify';

/** The lifetimes offered; the server takes any 1–120 months. '' stands for unlimited. */
const LIFETIMES = [3, 6, 12, 24, 36];

/**
 * How long the office's recipient links work after sending (or the participant's renewal); owners
 * and admins choose it, saved at once, everyone else reads it.
 */
export function LinkLifetimeSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const editable = user.role !== null && canManageBilling(user.role);
  const current = user.linkLifetimeMonths;
  // An office that chose another value through the API still sees it among the options.
  const months =
    current !== null && !LIFETIMES.includes(current) ? [...LIFETIMES, current].sort((a, b) => a - b) : LIFETIMES;
  const data = [
    { value: '', label: t('account.office.linkLifetimeUnlimited') },
    ...months.map((m) => ({ value: String(m), label: t('account.office.linkLifetimeMonths', { count: m }) })),
  ];
  return (
    <FormSection title={t('account.office.linkLifetimeTitle')}>
      <Select
        label={t('account.office.linkLifetime')}
        description={t('account.office.linkLifetimeHint')}
        data={data}
        value={current === null ? '' : String(current)}
        allowDeselect={false}
        readOnly={!editable}
        variant={editable ? undefined : 'filled'}
        disabled={update.isPending}
        onChange={(value) =>
          update.mutate(
            { updateType: 'UPDATE_PROFILE', linkLifetimeMonths: value ? Number(value) : null },
            { onSuccess: () => notifySuccess('message_account_update_data_success'), onError: notifyError },
          )
        }
      />
    </FormSection>
  );
}
