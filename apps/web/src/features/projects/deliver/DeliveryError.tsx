import { Alert, Anchor } from '@mantine/core';
import { formatTime, PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { errorText } from '../../../notifications/error-text';
import { ResendConfirmationButton } from '../../../components/ResendConfirmationButton';

/**
 * A refused preview or delivery, where it happened; a missing company name links to the office's
 * data, a duplicate says who sent the same delivery and when (in this browser's time zone), an
 * unconfirmed account gets the button that mails its confirmation link again.
 */
export function DeliveryError({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title}>
      {duplicateText(error, t) ?? errorText(error)}{' '}
      {isApiError(error) && error.msgCode === 'delivery.company_missing' ? (
        <Anchor component={Link} to={PATHS.profileTab('office')} size="sm">
          {t('deliver.toOffice')}
        </Anchor>
      ) : null}
      {isApiError(error) && error.msgCode === 'account.email_unconfirmed' ? <ResendConfirmationButton /> : null}
    </Alert>
  );
}

/** 'Anna Berg hat genau diese Pläne um 14:31 … versendet' for a 409 delivery.duplicate, else null. */
function duplicateText(error: unknown, t: (key: string, values?: Record<string, string>) => string): string | null {
  if (!isApiError(error) || error.msgCode !== 'delivery.duplicate') return null;
  const { sentBy, sentAt } = error.details;
  if (typeof sentAt !== 'string' || Number.isNaN(Date.parse(sentAt))) return null;
  const time = formatTime(sentAt);
  return typeof sentBy === 'string' && sentBy.trim()
    ? t('deliver.send.duplicate', { name: sentBy.trim(), time })
    : t('deliver.send.duplicateUnnamed', { time });
}
