import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { personName, type Member } from '@plankurier/shared';
import { IconCrown, IconDots, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHandOver, useRemoveMember } from '../../../api/use-office';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { useCurrentUser } from '../../../session/use-session';
import { canHandOver, canRemove, type Viewer } from '../../office/office-rules';

/** The menu of one member: hand the office over (owners), remove from the office (with a confirmation naming them). */
export function MemberActions({ member, viewer, owners }: { member: Member; viewer: Viewer; owners: number }) {
  const { t } = useTranslation();
  const company = useCurrentUser()?.company ?? '';
  const remove = useRemoveMember();
  const handOver = useHandOver();
  const name = personName(member);
  const removable = canRemove(viewer, member, owners);
  const handable = canHandOver(viewer, member);
  if (!removable && !handable) return null;

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('office.members.removeTitle', { name }),
      children: <Text size="sm">{t('office.members.removeText', { name, company })}</Text>,
      labels: { confirm: t('office.members.removeConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member._id, {
          onSuccess: () => notifySuccess('office.members.removed', { name }),
          onError: notifyError,
        }),
    });

  const confirmHandOver = () =>
    modals.openConfirmModal({
      title: t('office.members.handOverTitle', { name }),
      children: <Text size="sm">{t('office.members.handOverText', { name, company })}</Text>,
      labels: { confirm: t('office.members.handOverConfirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        handOver.mutate(member._id, {
          onSuccess: () => notifySuccess('office.members.handedOver', { name }),
          onError: notifyError,
        }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('office.members.actions', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {handable ? (
          <Menu.Item leftSection={<IconCrown size={14} />} onClick={confirmHandOver}>
            {t('office.members.handOver')}
          </Menu.Item>
        ) : null}
        {removable ? (
          <Menu.Item color="red" leftSection={<IconUserMinus size={14} />} onClick={confirmRemove}>
            {t('office.members.remove')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
