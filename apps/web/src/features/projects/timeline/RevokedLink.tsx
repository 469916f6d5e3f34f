import { Badge, Group, Text } from '@mantine/core';
import type { TimelineEventDto } from '@plankurier/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventDateTime } from './event-view';

/** In an e-mail event's line: that the recipient's download link was revoked. */
export function RevokedLinkBadge({ link }: { link: TimelineEventDto['link'] }) {
  const { t } = useTranslation();
  if (!link?.revokedAt) return null;
  return (
    <Badge
      variant="light"
      color="gray"
      tt="none"
      data-link="revoked"
      style={{ flexShrink: 0 }}
      leftSection={<IconLinkOff size={12} aria-hidden />}
    >
      {t('timeline.email.linkRevoked')}
    </Badge>
  );
}

/** In an expanded e-mail event, where the revoke action was: when the link was revoked. */
export function RevokedLinkNote({ revokedAt }: { revokedAt: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" data-link="revoked">
      <IconLinkOff size={14} aria-hidden />
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('timeline.email.linkRevokedAt', { date: eventDateTime(revokedAt) })}
      </Text>
    </Group>
  );
}
