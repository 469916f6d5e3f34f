import { Button, Group } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useInvitationPreview } from '../../api/use-office';
import { PageLoader } from '../../components/PageLoader';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { errorText } from '../../notifications/error-text';
import { AcceptInvitationForm } from './AcceptInvitationForm';

/**
 * /invitation/:token, the link of an invitation mail: who invites into which office with which role;
 * the person sets up their account (or proves their existing one) and lands in the office.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  usePageTitle(t('invitation.title'));
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);

  if (preview.isPending) return <PageLoader />;
  if (preview.isError) {
    const invalid = isApiError(preview.error) && preview.error.status < 500;
    return (
      <StatusPanel
        icon={<IconMailOff size={28} />}
        color={invalid ? 'orange' : 'red'}
        title={invalid ? t('invitation.invalidTitle') : t('invitation.loadFailed')}
        action={
          <Group justify="center" gap="sm">
            <Button component={Link} to={PATHS.signin}>
              {t('common.toSignIn')}
            </Button>
            {invalid ? null : (
              <Button variant="default" onClick={() => void preview.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </Group>
        }
      >
        {invalid ? t('invitation.invalidText') : errorText(preview.error)}
      </StatusPanel>
    );
  }
  return <AcceptInvitationForm token={token} invitation={preview.data} onInvalid={() => void preview.refetch()} />;
}
