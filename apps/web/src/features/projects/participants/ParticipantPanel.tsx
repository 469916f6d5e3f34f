import { ActionIcon, Anchor, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ParticipantDto } from '@plankurier/shared';
import { IconMail, IconPhone, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../notifications/notify';
import { BetaOnly } from '../../beta/BetaOnly';
import type { ProjectModel } from '../model/project-model';
import { ShipmentsSection } from '../shipments/ShipmentsSection';
import { BounceBadge } from './BounceBadge';
import { DeliverDot } from './DeliverDot';
import { subscribedDocCount, type ParticipantModel } from './participant-model';
import { ParticipantSubscriptions } from './ParticipantSubscriptions';
import { mailtoHref, telHref } from './contact-links';
import { RoleMultiSelect } from './RoleMultiSelect';
import { useUpdateParticipant } from './use-participant-mutations';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

interface ParticipantPanelProps {
  model: ProjectModel;
  pmodel: ParticipantModel;
  participant: ParticipantDto;
  /** Changes when 'Rollen bearbeiten' was chosen: the role field takes the focus. */
  focusRoles: number;
  /** Clears the selection; left out where the panel around it has its own close button. */
  onClose?: () => void;
}

/** The selected participant in the receiver dashboard: its roles and the plans it receives. */
export function ParticipantPanel({ model, pmodel, participant, focusRoles, onClose }: ParticipantPanelProps) {
  const { t } = useTranslation();
  const update = useUpdateParticipant(model.bundle.project._id);
  const rolesRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusRoles) rolesRef.current?.focus();
  }, [focusRoles]);
  const docCount = model.bundle.docs.length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <DeliverDot state={participant.state.deliver} />
            <Text fw={600} truncate="end">
              {participant.name}
            </Text>
          </Group>
          {participant.company ? (
            <Text size="sm" c="dimmed" truncate="end">
              {participant.company}
            </Text>
          ) : null}
          <ContactLine participant={participant} />
          <BounceBadge bounce={participant.state.bounce} withHint />
        </Stack>
        {onClose ? (
          <Tooltip label={t('participants.close')} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('participants.close')} onClick={onClose}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <RoleMultiSelect
        ref={rolesRef}
        label={t('roles.label')}
        roles={pmodel.roles}
        value={participant.roles}
        onChange={(roleIds) => update.mutate({ participantId: participant._id, roleIds }, { onError: notifyError })}
      />
      <Divider />
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {t('participants.subs.title', { name: participant.name })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('participants.subs.count', {
            subscribed: subscribedDocCount(pmodel, participant._id),
            count: docCount,
          })}
        </Text>
      </Stack>
      <ParticipantSubscriptions model={model} pmodel={pmodel} participant={participant} />
      <BetaOnly feature="courierShipments">
        <Divider />
        <ShipmentsSection projectId={model.bundle.project._id} participant={participant} />
      </BetaOnly>
    </Stack>
  );
}

/** The participant's e-mail address and phone number, each a link that writes or calls. */
function ContactLine({ participant: p }: { participant: ParticipantDto }) {
  const tel = telHref(p.phone);
  return (
    <Group gap="md" wrap="wrap" style={{ rowGap: 0 }}>
      <Anchor href={mailtoHref(p.email)} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconMail size={14} aria-hidden style={{ flexShrink: 0 }} />
          {p.email}
        </Group>
      </Anchor>
      {tel ? (
        <Anchor href={tel} size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconPhone size={14} aria-hidden />
            {p.phone}
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}
