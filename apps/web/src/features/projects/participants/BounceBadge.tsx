import { Badge, Stack, Text, ThemeIcon } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { formatDate, formatTime, type BounceDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconClockExclamation, IconMailX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useRowT } from '../../../i18n/use-row-t';
import { currentLocale } from '../../../i18n';
import { STATE_COLORS } from '../../../theme';

const COLOR = { permanent: STATE_COLORS.toSend, transient: STATE_COLORS.warning } as const;
const ICON = { permanent: IconMailX, transient: IconClockExclamation } as const;

/** 'Email konnte nicht zugestellt werden' or 'Zustellung verzögert – wird erneut versucht'. */
export const bounceLabel = (t: TFunction, bounce: BounceDto) => t(`bounces.${bounce.kind}`);

/** When the bounce came, its status and the remote server's words, for a tooltip or a detail line. */
export function bounceDetails(t: TFunction, bounce: BounceDto): string {
  const when = bounce.at ? `${formatDate(bounce.at, currentLocale())} ${formatTime(bounce.at)}` : '';
  return [
    when && t('bounces.reportedAt', { date: when }),
    bounce.status && t('bounces.status', { status: bounce.status }),
    bounce.diagnostic,
  ]
    .filter(Boolean)
    .join(' · ');
}

interface BounceBadgeProps {
  bounce: BounceDto | null | undefined;
  /** An icon only (in a list row); the words and details are in its tooltip. */
  compact?: boolean;
  /** Below the badge, what the office can do about a permanent bounce. */
  withHint?: boolean;
}

/**
 * The returned-mail marker of a participant's latest e-mail: red when it could not be delivered,
 * orange while the remote server keeps trying. Nothing when the mail did not come back.
 */
export function BounceBadge({ bounce, compact = false, withHint = false }: BounceBadgeProps) {
  const t = useRowT();
  if (!bounce) return null;
  const label = bounceLabel(t, bounce);
  const details = bounceDetails(t, bounce);
  const Icon = ICON[bounce.kind];
  const tooltip = (
    <Stack gap={2} maw={360}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {details ? (
        <Text size="xs" style={{ wordBreak: 'break-word' }}>
          {details}
        </Text>
      ) : null}
    </Stack>
  );
  if (compact)
    return (
      <LazyTooltip label={tooltip} openDelay={ICON_TOOLTIP_DELAY_MS} multiline>
        <ThemeIcon
          role="img"
          aria-label={label}
          data-bounce={bounce.kind}
          variant="light"
          color={COLOR[bounce.kind]}
          size="sm"
          radius="xl"
          style={{ flexShrink: 0 }}
        >
          <Icon size={14} aria-hidden />
        </ThemeIcon>
      </LazyTooltip>
    );
  return (
    <Stack gap={4} align="flex-start">
      <LazyTooltip label={tooltip} openDelay={ICON_TOOLTIP_DELAY_MS} multiline disabled={!details}>
        <Badge
          data-bounce={bounce.kind}
          variant="light"
          color={COLOR[bounce.kind]}
          leftSection={<Icon size={14} aria-hidden />}
          tt="none"
          size="lg"
          radius="sm"
          style={{ maxWidth: '100%' }}
        >
          {label}
        </Badge>
      </LazyTooltip>
      {withHint && bounce.kind === 'permanent' ? (
        <Text size="xs" c="dimmed">
          {t('bounces.resendHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
