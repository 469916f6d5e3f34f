import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ICON_TOOLTIP_DELAY_MS, formatDate, type Invitation } from '@plankurier/shared';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useResendInvitation, useWithdrawInvitation } from '../../../api/use-office';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { RoleBadge } from '../../office/RoleBadge';
import { canManageInvitation, type Viewer } from '../../office/office-rules';

/** Open invitations: who, which role, sent by whom and when, valid until; resend and withdraw. */
export function InvitationTable({ invitations, viewer }: { invitations: Invitation[]; viewer: Viewer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();

  const confirmWithdraw = (invitation: Invitation) =>
    modals.openConfirmModal({
      title: t('office.invitations.withdrawTitle', { email: invitation.email }),
      children: <Text size="sm">{t('office.invitations.withdrawText')}</Text>,
      labels: { confirm: t('office.invitations.withdrawConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(invitation._id, {
          onSuccess: () => notifySuccess('office.invitations.withdrawn', { email: invitation.email }),
          onError: notifyError,
        }),
    });

  return (
    <Table verticalSpacing="sm" data-testid="invitation-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('office.invitations.email')}</Table.Th>
          <Table.Th w={130} visibleFrom="sm">
            {t('office.members.role')}
          </Table.Th>
          <Table.Th w={220} visibleFrom="sm">
            {t('office.invitations.status')}
          </Table.Th>
          <Table.Th w={84} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invitations.map((invitation) => {
          const status = (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('office.invitations.sent', {
                  date: formatDate(invitation.sentAt, locale),
                  name: invitation.invitedBy,
                })}
              </Text>
              {invitation.expired ? (
                <Badge color="orange" variant="light" radius="sm" tt="none" w="fit-content">
                  {t('office.invitations.expired')}
                </Badge>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('office.invitations.validUntil', { date: formatDate(invitation.expiresAt, locale) })}
                </Text>
              )}
            </Stack>
          );
          return (
            <Table.Tr key={invitation._id} data-testid={`invitation-${invitation.email}`}>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {invitation.email}
                </Text>
                <Stack hiddenFrom="sm" mt={4} gap={4}>
                  <RoleBadge role={invitation.role} />
                  {status}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <RoleBadge role={invitation.role} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{status}</Table.Td>
              <Table.Td>
                {canManageInvitation(viewer, invitation) ? (
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('office.invitations.resend')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('office.invitations.resendTo', { email: invitation.email })}
                        loading={resend.isPending && resend.variables === invitation._id}
                        onClick={() =>
                          resend.mutate(invitation._id, {
                            onSuccess: () => notifySuccess('office.invite.sent', { email: invitation.email }),
                            onError: notifyError,
                          })
                        }
                      >
                        <IconMailForward size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('office.invitations.withdraw')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('office.invitations.withdrawFor', { email: invitation.email })}
                        onClick={() => confirmWithdraw(invitation)}
                      >
                        <IconX size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
