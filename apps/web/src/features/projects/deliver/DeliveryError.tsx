import { Alert, Anchor } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { errorText } from '../../../notifications/error-text';

/** A refused preview or delivery, where it happened; a missing company name links to the office's data. */
export function DeliveryError({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title}>
      {errorText(error)}{' '}
      {isApiError(error) && error.msgCode === 'delivery.company_missing' ? (
        <Anchor component={Link} to={PATHS.profileTab('office')} size="sm">
          {t('deliver.toOffice')}
        </Anchor>
      ) : null}
    </Alert>
  );
}
