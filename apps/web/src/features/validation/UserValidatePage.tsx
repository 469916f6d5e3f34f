import { Button } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useUserValidation } from '../../api/use-user-queries';
import { PageLoader } from '../../components/PageLoader';
import { usePageTitle } from '../../components/use-page-title';
import { errorText } from '../../notifications/error-text';
import { useIsSignedIn } from '../../session/use-session';
import { ValidationResult } from './ValidationResult';

/** Confirms the account's e-mail with the mailed code before anything else shows. */
export default function UserValidatePage() {
  const { t } = useTranslation();
  usePageTitle(t('userValidate.successTitle'));
  const { validationCode = '' } = useParams();
  const signedIn = useIsSignedIn();
  const validation = useUserValidation(validationCode);

  if (validation.isPending) return <PageLoader label={t('userValidate.pending')} />;

  if (validation.isError) {
    return (
      <ValidationResult
        ok={false}
        title={t('userValidate.failedTitle')}
        text={`${errorText(validation.error)}. ${t(signedIn ? 'userValidate.failedHintSignedIn' : 'userValidate.failedHint')}`}
        action={
          <Button component={Link} to={signedIn ? PATHS.projects : PATHS.signin} variant="default">
            {signedIn ? t('common.toProjects') : t('common.toSignIn')}
          </Button>
        }
      />
    );
  }

  if (signedIn) return <Navigate to={PATHS.projects} replace />;

  return (
    <ValidationResult
      ok
      title={t('userValidate.successTitle')}
      text={t(validation.data.already ? 'userValidate.alreadyText' : 'userValidate.successText')}
      action={
        <Button component={Link} to={PATHS.signin}>
          {t('common.toSignIn')}
        </Button>
      }
    />
  );
}
