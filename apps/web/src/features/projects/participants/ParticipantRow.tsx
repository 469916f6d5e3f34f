import { Menu } from '@mantine/core';
import { LazyMenu } from '../../../components/LazyMenu';
import { LazyTooltip } from '../../../components/LazyTooltip';
import type { ParticipantDto, RoleDto } from '@plankurier/shared';
import { IconDots, IconTags, IconTrash } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
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
import { RenewLinksMenuItem } from './RenewLinksMenuItem';
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
      <button
        type="button"
        className={`${classes.plainButton} mantine-focus-auto`}
        aria-pressed={selected}
        aria-label={t('participants.select', { name: p.name })}
        onClick={(e) => {
          e.stopPropagation();
          actions.onSelect();
        }}
      >
        <span className={classes.nameCell}>
          <span className={`${classes.cellText} ${classes.truncate} ${classes.participantName}`} title={p.name}>
            {p.name}
          </span>
          <ReceiptMark receipt={p.state.receipt} />
        </span>
        <span className={classes.narrowOnly}>
          <span className={`${classes.smallText} ${classes.dimmed} ${classes.truncate} ${classes.block}`}>
            {[t('participants.planCount', { count: planCount }), p.company].filter(Boolean).join(' · ')}
          </span>
        </span>
      </button>
      <span
        className={`${classes.cellText} ${classes.dimmed} ${classes.truncate} ${classes.fromMedium}`}
        title={p.company}
      >
        {p.company}
      </span>
      <div className={`${classes.nameCell} ${classes.fromMedium}`}>
        <LazyTooltip label={p.email} disabled={email === p.email} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <span className={`${classes.cellText} ${classes.truncate}`}>{email}</span>
        </LazyTooltip>
        <BounceBadge bounce={p.state.bounce} compact />
      </div>
      <div className={`${classes.formats} ${classes.clipped} ${classes.fromMedium}`}>
        {roles.map((role) => (
          <span key={role._id} className={`${classes.badge} ${classes.roleBadge}`}>
            {role.name}
          </span>
        ))}
      </div>
      <span className={classes.narrowOnly}>
        <ParticipantContactLinks participant={p} />
      </span>
      <LazyTooltip label={t('participants.plansHint', { name: p.name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <span
          className={`${classes.cellText} ${classes.fromMedium} ${planCount ? '' : classes.dimmed}`}
          style={{ textAlign: 'right' }}
        >
          {planCount}
        </span>
      </LazyTooltip>
      <LazyMenu
        position="bottom-end"
        withinPortal
        dropdownProps={{ onClick: (e) => e.stopPropagation() }}
        target={
          <button
            type="button"
            className={`${classes.grip} ${classes.menuButton} mantine-focus-auto mantine-active`}
            aria-label={t('participants.actions', { name: p.name })}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDots size={16} />
          </button>
        }
      >
        <Menu.Item leftSection={<IconTags size={14} />} onClick={actions.onEditRoles}>
          {t('participants.editRoles')}
        </Menu.Item>
        <PrintMenuItem
          body={{ type: 'PARTICIPANTLIST', projectId: p.project, participantId: p._id }}
          label={t('prints.participantListOf', { name: p.name })}
        />
        <TransmittalMenuItems projectId={p.project} about={{ participantId: p._id }} name={p.name} />
        <RenewLinksMenuItem participantId={p._id} />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={actions.onRemove}>
          {t('participants.remove')}
        </Menu.Item>
      </LazyMenu>
    </ItemRow>
  );
}
