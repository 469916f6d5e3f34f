import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { canManageMembers, type User } from '@plankurier/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfficeMembers } from '../../../api/use-office';
import { FormSection } from '../../../components/FormSection';
import { errorText } from '../../../notifications/error-text';
import { ownerCount, seatsFull, type Viewer } from '../../office/office-rules';
import { InvitationTable } from './InvitationTable';
import { InviteForm } from './InviteForm';
import { LeaveOfficeSection } from './LeaveOfficeSection';
import { MemberTable } from './MemberTable';
import { SeatSummary } from './SeatSummary';

/**
 * 'Mitglieder': the office's people with their roles, the seats of the tier, invitations (owners and
 * admins invite, resend, withdraw, change roles and remove) and leaving the office oneself.
 */
export function MembersTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const members = useOfficeMembers();
  if (!user.role) return null;
  const viewer: Viewer = { userId: user._id, role: user.role };
  const manages = canManageMembers(user.role);

  if (members.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (members.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('office.members.loadFailed')}>
        <Group justify="space-between">
          <Text size="sm">{errorText(members.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void members.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const { data } = members;
  const full = seatsFull(data);
  return (
    <Stack gap="lg">
      <FormSection
        title={t('office.members.title', { company: user.company || t('office.unnamed') })}
        description={t('office.members.description')}
      >
        <Stack gap="lg">
          <SeatSummary seats={data} tier={user.tierDisplayName} />
          <MemberTable members={data.members} viewer={viewer} />
        </Stack>
      </FormSection>
      {manages ? (
        <FormSection title={t('office.invite.title')} description={t('office.invite.description')}>
          <Stack gap="lg">
            <InviteForm role={user.role} disabled={full} />
            <Stack gap={2}>
              {(['owner', 'admin', 'member'] as const).map((role) => (
                <Text key={role} size="xs" c="dimmed">
                  <strong>{t(`office.roles.${role}`)}:</strong> {t(`office.roleHints.${role}`)}
                </Text>
              ))}
            </Stack>
            {data.invitations.length > 0 ? (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('office.invitations.title', { count: data.invitations.length })}
                </Text>
                <InvitationTable invitations={data.invitations} viewer={viewer} />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('office.invitations.none')}
              </Text>
            )}
          </Stack>
        </FormSection>
      ) : null}
      <LeaveOfficeSection viewer={viewer} owners={ownerCount(data.members)} company={user.company} />
    </Stack>
  );
}
