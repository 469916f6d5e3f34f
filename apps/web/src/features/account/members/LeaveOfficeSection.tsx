import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDoorExit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLeaveOffice } from '../../../api/use-office';
import { notifyError } from '../../../notifications/notify';
import { mayLeave, type Viewer } from '../../office/office-rules';

/** Leaving the office oneself; the last owner hands the office over first. */
export function LeaveOfficeSection({ viewer, owners, company }: { viewer: Viewer; owners: number; company: string }) {
  const { t } = useTranslation();
  const leave = useLeaveOffice();
  const allowed = mayLeave(viewer, owners);

  const confirm = () =>
    modals.openConfirmModal({
      title: t('office.leave.title', { company }),
      children: <Text size="sm">{t('office.leave.text', { company })}</Text>,
      labels: { confirm: t('office.leave.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => leave.mutate(viewer.userId, { onError: notifyError }),
    });

  return (
    <Paper withBorder radius="md" p="xl" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" gap="lg">
        <Stack gap={4} style={{ flex: '1 1 20rem' }}>
          <Title order={2} fz="h4">
            {t('office.leave.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {allowed ? t('office.leave.description') : t('office.leave.lastOwner')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<IconDoorExit size={16} />}
          onClick={confirm}
          disabled={!allowed}
          loading={leave.isPending}
        >
          {t('office.leave.button')}
        </Button>
      </Group>
    </Paper>
  );
}
