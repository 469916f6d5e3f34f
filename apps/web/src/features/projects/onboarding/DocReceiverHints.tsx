import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectModel } from '../model/project-model';
import { useOnboardingHint } from '../use-onboarding';
import { receiverCountOf, showAddReceiverHint, showGotoParticipantsHint } from './hint-visibility';
import { OnboardingHint } from './OnboardingHint';

/**
 * The hints of the context bar's 'Beteiligte' for one plan: go to the participant list while the
 * project has none (gotoParticipantList), else choose receivers while the plan has none (docAddReceiver).
 * Without a hint to show it renders the fallback.
 */
export function DocReceiverHints({
  model,
  docId,
  fallback = null,
}: {
  model: ProjectModel;
  docId: string;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation();
  const gotoHint = useOnboardingHint('gotoParticipantList');
  const receiverHint = useOnboardingHint('docAddReceiver');
  const participantCount = model.bundle.participants.length;

  if (showGotoParticipantsHint({ muted: !gotoHint.shown, participantCount })) {
    return (
      <OnboardingHint
        testId="hint-goto-participants"
        title={t('onboarding.gotoParticipants.title')}
        text={t('onboarding.gotoParticipants.text')}
        onMute={gotoHint.mute}
        action={
          <Button
            component={Link}
            to={{ search: '?tab=participants' }}
            size="compact-xs"
            rightSection={<IconArrowRight size={12} />}
          >
            {t('onboarding.gotoParticipants.action')}
          </Button>
        }
      />
    );
  }
  const receiverCount = receiverCountOf(docId, model.bundle.subs);
  if (showAddReceiverHint({ muted: !receiverHint.shown, participantCount, receiverCount })) {
    return (
      <OnboardingHint
        testId="hint-add-receiver"
        title={t('onboarding.addReceiver.title')}
        text={t('onboarding.addReceiver.text')}
        onMute={receiverHint.mute}
      />
    );
  }
  return fallback;
}
