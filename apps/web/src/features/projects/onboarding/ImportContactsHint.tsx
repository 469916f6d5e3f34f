import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnboardingHint } from '../use-onboarding';
import { showImportContactsHint } from './hint-visibility';
import { OnboardingHint } from './OnboardingHint';

/** receiverDashboardContacts: the office has no contacts yet; points to the contact import. Else the fallback. */
export function ImportContactsHint({
  contactsTotal,
  fallback = null,
}: {
  contactsTotal: number | undefined;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation();
  const hint = useOnboardingHint('receiverDashboardContacts');
  if (!showImportContactsHint({ muted: !hint.shown, contactsTotal })) return fallback;
  return (
    <OnboardingHint
      testId="hint-import-contacts"
      title={t('onboarding.importContacts.title')}
      text={t('onboarding.importContacts.text')}
      onMute={hint.mute}
      action={
        <Button component={Link} to="/contacts?tab=import" size="compact-xs" leftSection={<IconFileImport size={12} />}>
          {t('onboarding.importContacts.action')}
        </Button>
      }
    />
  );
}
