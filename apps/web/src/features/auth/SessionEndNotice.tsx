import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';

/**
 * Above the sign-in form: why the last session in this tab ended, when the user did not end it
 * themselves ('Du wurdest aus dem Büro … entfernt').
 */
export function SessionEndNotice() {
  const { t } = useTranslation();
  const { ended } = useSession();
  if (!ended || ended.reason === 'user') return null;
  const values = { company: ended.company || t('office.unnamed') };
  return (
    <Alert
      color={ended.reason === 'expired' ? 'blue' : 'orange'}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t(`signin.ended.${ended.reason}Title`, values)}
      role="status"
      data-testid="session-end-notice"
    >
      {t(`signin.ended.${ended.reason}`, values)}
    </Alert>
  );
}
