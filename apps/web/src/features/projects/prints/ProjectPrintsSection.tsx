import { Button, Group } from '@mantine/core';
import { IconListDetails, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/FormSection';
import { startPrint } from './print-store';

/** Settings (spec §2): print the plan list and the participant list of the whole project as PDF. */
export function ProjectPrintsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('prints.sectionTitle')} description={t('prints.sectionText')}>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconListDetails size={18} />}
          onClick={() => void startPrint({ type: 'PLANLIST', projectId }, t('prints.planList'))}
        >
          {t('prints.printPlanList')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUsers size={18} />}
          onClick={() => void startPrint({ type: 'PARTICIPANTLIST', projectId }, t('prints.participantList'))}
        >
          {t('prints.printParticipantList')}
        </Button>
      </Group>
    </FormSection>
  );
}
