import { Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import { formatDate, personName, type Member, type OfficeRole } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useChangeRole } from '../../../api/use-office';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { RoleBadge } from '../../office/RoleBadge';
import { canChangeRole, ownerCount, roleChoices, type Viewer } from '../../office/office-rules';
import { MemberActions } from './MemberActions';

/** The office's people: name and e-mail, role (a choice where the viewer may change it), since when, actions. */
export function MemberTable({ members, viewer }: { members: Member[]; viewer: Viewer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const owners = ownerCount(members);
  const changeRole = useChangeRole();

  const setRole = (member: Member, role: OfficeRole) =>
    changeRole.mutate(
      { userId: member._id, role },
      {
        onSuccess: () =>
          notifySuccess('office.members.roleChanged', { name: personName(member), role: t(`office.roles.${role}`) }),
        onError: notifyError,
      },
    );

  return (
    <Table verticalSpacing="sm" highlightOnHover data-testid="member-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('office.members.name')}</Table.Th>
          <Table.Th w={{ base: 130, sm: 190 }}>{t('office.members.role')}</Table.Th>
          <Table.Th w={120} visibleFrom="sm">
            {t('office.members.since')}
          </Table.Th>
          <Table.Th w={48} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => {
          const name = personName(member);
          const isSelf = member._id === viewer.userId;
          return (
            <Table.Tr key={member._id} data-testid={`member-${member.email}`}>
              <Table.Td style={{ minWidth: 0 }}>
                <Stack gap={0}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    {isSelf ? (
                      <Badge size="xs" variant="outline" radius="sm" tt="none">
                        {t('office.members.you')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {member.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {canChangeRole(viewer, member, owners) ? (
                  <Select
                    size="xs"
                    aria-label={t('office.members.roleOf', { name })}
                    data={roleChoices(viewer.role).map((value) => ({ value, label: t(`office.roles.${value}`) }))}
                    value={member.role}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value && value !== member.role) setRole(member, value as OfficeRole);
                    }}
                    disabled={changeRole.isPending}
                  />
                ) : (
                  <RoleBadge role={member.role} />
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text size="sm">{formatDate(member.joinedAt, locale)}</Text>
              </Table.Td>
              <Table.Td>
                <MemberActions member={member} viewer={viewer} owners={owners} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
