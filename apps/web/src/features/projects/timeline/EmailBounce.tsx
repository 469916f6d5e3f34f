import { Badge, Group, Text } from '@mantine/core';
import { bounceOfEventData, type TimelineEventDto } from '@plankurier/shared';
import { IconClockExclamation, IconMailX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../../../theme';
import { bounceDetails, bounceLabel } from '../participants/BounceBadge';

const COLOR = { permanent: STATE_COLORS.toSend, transient: STATE_COLORS.warning } as const;

/** In an e-mail event's line: that this mail came back, as a small badge. */
export function EmailBounceBadge({ event }: { event: TimelineEventDto }) {
  const { t } = useTranslation();
  const bounce = bounceOfEventData(event.data);
  if (!bounce) return null;
  return (
    <Badge
      variant="light"
      color={COLOR[bounce.kind]}
      data-bounce={bounce.kind}
      tt="none"
      style={{ flexShrink: 0 }}
      leftSection={
        bounce.kind === 'permanent' ? (
          <IconMailX size={12} aria-hidden />
        ) : (
          <IconClockExclamation size={12} aria-hidden />
        )
      }
    >
      {t(`bounces.short.${bounce.kind}`)}
    </Badge>
  );
}

/** In an expanded e-mail event: what came back, when, and the remote server's words. */
export function EmailBounceDetails({ event }: { event: TimelineEventDto }) {
  const { t } = useTranslation();
  const bounce = bounceOfEventData(event.data);
  if (!bounce) return null;
  return (
    <Group gap="xs" mih={40} wrap="nowrap" align="center">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {t('bounces.returned')}
      </Text>
      <Text size="sm" fw={500} c={`${COLOR[bounce.kind]}.7`} style={{ flexShrink: 0 }}>
        {bounceLabel(t, bounce)}
      </Text>
      <Text size="sm" c="dimmed" truncate="end" title={bounceDetails(t, bounce)}>
        {bounceDetails(t, bounce)}
      </Text>
    </Group>
  );
}
