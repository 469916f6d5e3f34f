import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { TimelineEventDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { actorSentence } from './event-sentence';
import { eventDateTime, kindIcon, sentenceText } from './event-view';

/** The DOC events as dense rows: icon, the sentence naming who did it, when. */
export function DocEventList({ events }: { events: TimelineEventDto[] }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      component="ul"
      m={0}
      p={0}
      aria-label={t('timeline.docsListLabel')}
      style={{ listStyle: 'none' }}
    >
      {events.map((event, position) => {
        const { icon: Icon, color } = kindIcon(event);
        return (
          <Group
            key={event._id}
            component="li"
            wrap="nowrap"
            gap="sm"
            px="md"
            mih="2.5rem"
            style={position > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <ThemeIcon variant="light" color={color} size="md" radius="xl" aria-hidden>
              <Icon size={16} />
            </ThemeIcon>
            <Text size="sm" flex={1} lineClamp={2}>
              {sentenceText(t, actorSentence(event))}
            </Text>
            <Text
              size="sm"
              c="dimmed"
              ff="monospace"
              w="9.5rem"
              ta="right"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {eventDateTime(event.createdAt)}
            </Text>
          </Group>
        );
      })}
    </Paper>
  );
}
