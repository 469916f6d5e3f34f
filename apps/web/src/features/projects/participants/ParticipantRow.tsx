import { ActionIcon, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import type { ParticipantDto, RoleDto } from '@plankurier/shared';
import { IconDots, IconTags, IconTrash } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
import { tabular } from '../docs/columns';
import classes from '../folders/folder-list.module.css';
import { ItemRow } from '../folders/ItemRow';
import type { RowDrag } from '../folders/SortableRow';
import { truncateEmail } from '../../contacts/list/contact-view';
import { BounceBadge } from './BounceBadge';
import { ReceiptMark } from './ReceiptMark';
import { ParticipantContactLinks } from './ParticipantContactLinks';
import type { DownloadState } from './download-state';
import { PrintMenuItem } from '../prints/PrintMenuItem';
import { TransmittalMenuItems } from '../prints/TransmittalMenuItems';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

interface ParticipantRowProps {
  participant: ParticipantDto;
  roles: RoleDto[];
  planCount: number;
  /** Aggregate download state over the participant's subscriptions. */
  download: DownloadState | null;
  selected: boolean;
  drag: RowDrag;
  onSelect: () => void;
  onEditRoles: () => void;
  onRemove: () => void;
}

/**
 * One participant: delivery and download dots, name, company, e-mail, roles, number of subscribed
 * plans; a narrow list shows the number of plans and the company under the name, and links to write
 * or call instead of the address.
 */
export function ParticipantRow({
  participant: p,
  roles,
  planCount,
  download,
  selected,
  drag,
  ...actions
}: ParticipantRowProps) {
  const t = useRowT();
  const email = truncateEmail(p.email, 34);
  return (
    <ItemRow
      selected={selected}
      onSelect={actions.onSelect}
      drag={drag}
      dots={{ deliver: p.state.deliver, bounce: p.state.bounce, download }}
      data-participant={p._id}
    >
      <UnstyledButton
        aria-pressed={selected}
        aria-label={t('participants.select', { name: p.name })}
        onClick={(e) => {
          e.stopPropagation();
          actions.onSelect();
        }}
        style={{ minWidth: 0 }}
      >
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={500} truncate="end" title={p.name} lh={1.3}>
            {p.name}
          </Text>
          <ReceiptMark receipt={p.state.receipt} />
        </Group>
        <span className={classes.narrowOnly}>
          <Text size="xs" c="dimmed" truncate="end" lh={1.3}>
            {[t('participants.planCount', { count: planCount }), p.company].filter(Boolean).join(' · ')}
          </Text>
        </span>
      </UnstyledButton>
      <Text size="sm" c="dimmed" truncate="end" title={p.company} className={classes.fromMedium}>
        {p.company}
      </Text>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} className={classes.fromMedium}>
        <LazyTooltip label={p.email} disabled={email === p.email} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <Text size="sm" truncate="end">
            {email}
          </Text>
        </LazyTooltip>
        <BounceBadge bounce={p.state.bounce} compact />
      </Group>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0, overflow: 'hidden' }} className={classes.fromMedium}>
        {roles.map((role) => (
          <Badge key={role._id} size="xs" variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {role.name}
          </Badge>
        ))}
      </Group>
      <span className={classes.narrowOnly}>
        <ParticipantContactLinks participant={p} />
      </span>
      <LazyTooltip label={t('participants.plansHint', { name: p.name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <Text size="sm" c={planCount ? undefined : 'dimmed'} ta="right" style={tabular} className={classes.fromMedium}>
          {planCount}
        </Text>
      </LazyTooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('participants.actions', { name: p.name })}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
          <Menu.Item leftSection={<IconTags size={14} />} onClick={actions.onEditRoles}>
            {t('participants.editRoles')}
          </Menu.Item>
          <PrintMenuItem
            body={{ type: 'PARTICIPANTLIST', projectId: p.project, participantId: p._id }}
            label={t('prints.participantListOf', { name: p.name })}
          />
          <TransmittalMenuItems projectId={p.project} about={{ participantId: p._id }} name={p.name} />
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={actions.onRemove}>
            {t('participants.remove')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </ItemRow>
  );
}
