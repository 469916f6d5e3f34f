import { Button } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMailAddressConfirmation } from '../../api/use-mail-address-confirmation';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/use-page-title';
import { errorText } from '../../notifications/error-text';
import { ValidationResult } from './ValidationResult';

/** The owner of a BCC or Reply-To address confirms it with the code from the confirmation mail. */
export default function MailAddressConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t('mailAddressConfirm.successTitle'));
  const { code = '' } = useParams();
  const confirmation = useMailAddressConfirmation(code);

  if (confirmation.isPending) return <PageLoader label={t('mailAddressConfirm.pending')} />;

  const home = (
    <Button component={Link} to={PATHS.landing} variant="default">
      {t('common.toLanding')}
    </Button>
  );

  if (confirmation.isError) {
    return (
      <ValidationResult
        ok={false}
        title={t('mailAddressConfirm.failedTitle')}
        text={`${errorText(confirmation.error)}. ${t('mailAddressConfirm.failedHint')}`}
        action={home}
      />
    );
  }

  return (
    <ValidationResult
      ok
      title={t('mailAddressConfirm.successTitle')}
      text={t('mailAddressConfirm.successText', { email: confirmation.data.email })}
      action={home}
    />
  );
}
