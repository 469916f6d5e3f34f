import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startPrint } from './print-store';

/** Settings (spec §2): print the plan list and the participant list of the whole project as PDF. */
export function ProjectPrintsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('prints.sectionTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('prints.sectionText')}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconListDetails size={16} />}
            onClick={() => void startPrint({ type: 'PLANLIST', projectId }, t('prints.planList'))}
          >
            {t('prints.printPlanList')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconUsers size={16} />}
            onClick={() => void startPrint({ type: 'PARTICIPANTLIST', projectId }, t('prints.participantList'))}
          >
            {t('prints.printParticipantList')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
