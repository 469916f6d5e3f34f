import { ActionIcon, Group } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { ICON_TOOLTIP_DELAY_MS, type ParticipantDto } from '@plankurier/shared';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
import { useTouchSize } from '../../../components/use-screen';
import { mailtoHref, telHref } from './contact-links';

/**
 * Write to or call a participant with one tap (mailto:, tel:): on site a phone is at hand, the
 * address book is not. A finger-sized target on phones; the call button only with a number to dial.
 */
export function ParticipantContactLinks({
  participant: p,
}: {
  participant: Pick<ParticipantDto, 'name' | 'email' | 'phone'>;
}) {
  const t = useRowT();
  const size = useTouchSize(32);
  const tel = telHref(p.phone);
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      <LazyTooltip label={p.email} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <ActionIcon
          component="a"
          href={mailtoHref(p.email)}
          variant="subtle"
          size={size}
          aria-label={t('participants.mailTo', { name: p.name })}
        >
          <IconMail size={20} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
      {tel ? (
        <LazyTooltip label={p.phone} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            component="a"
            href={tel}
            variant="subtle"
            size={size}
            aria-label={t('participants.call', { name: p.name, phone: p.phone })}
          >
            <IconPhone size={20} aria-hidden />
          </ActionIcon>
        </LazyTooltip>
      ) : (
        <span style={{ width: size, flexShrink: 0 }} aria-hidden />
      )}
    </Group>
  );
}
