import { Button } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsSignedIn } from '../session/use-session';
import { StatusPanel } from './StatusPanel';

/** The 404 look, for unknown paths and for things that do not exist (a project, …). */
export function NotFoundPanel({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  return (
    <StatusPanel
      icon={<IconMapOff size={28} />}
      color="gray"
      title={title}
      action={
        <Button component={Link} to={signedIn ? PATHS.projects : PATHS.landing} variant="default">
          {signedIn ? t('common.toProjects') : t('common.toLanding')}
        </Button>
      }
    >
      {text}
    </StatusPanel>
  );
}
