import { Button } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useContactValidation } from '../../api/use-contact-validation';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/use-page-title';
import { errorText } from '../../notifications/error-text';
import { ValidationResult } from './ValidationResult';

/** A contact confirms their e-mail address with the code from the invitation mail. */
export default function ContactValidatePage() {
  const { t } = useTranslation();
  usePageTitle(t('contactValidate.successTitle'));
  const { validationCode = '' } = useParams();
  const validation = useContactValidation(validationCode);

  if (validation.isPending) return <PageLoader label={t('contactValidate.pending')} />;

  const home = (
    <Button component={Link} to={PATHS.landing} variant="default">
      {t('common.toLanding')}
    </Button>
  );

  if (validation.isError) {
    return (
      <ValidationResult
        ok={false}
        title={t('contactValidate.failedTitle')}
        text={`${errorText(validation.error)}. ${t('contactValidate.failedHint')}`}
        action={home}
      />
    );
  }

  return (
    <ValidationResult
      ok
      title={t('contactValidate.successTitle')}
      text={
        validation.data.office
          ? t('contactValidate.successTextFrom', { office: validation.data.office })
          : t('contactValidate.successText')
      }
      action={home}
    />
  );
}
