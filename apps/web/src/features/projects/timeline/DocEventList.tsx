import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TimelineEventDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../components/use-screen';
import { actorSentence, groupZipDownloads, zipDownloadSentence } from './event-sentence';
import { eventDateTime, kindIcon, sentenceText } from './event-view';

/** The DOC events as dense rows: icon, the sentence naming who did it, when; the files of one ZIP download as one row. */
export function DocEventList({ events }: { events: TimelineEventDto[] }) {
  const { t } = useTranslation();
  const phone = useScreen() === 'phone';
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
      {groupZipDownloads(events).map((group, position) => {
        const event = group[0]!;
        const { icon: Icon, color } = kindIcon(event);
        const sentence = sentenceText(t, group.length > 1 ? zipDownloadSentence(group) : actorSentence(event));
        const when = eventDateTime(event.createdAt);
        return (
          <Group
            key={event._id}
            data-kind={event.kind}
            component="li"
            wrap="nowrap"
            gap="sm"
            px={phone ? 'sm' : 'md'}
            py={phone ? 6 : undefined}
            mih="2.5rem"
            style={position > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <ThemeIcon variant="light" color={color} size="md" radius="xl" aria-hidden>
              <Icon size={16} />
            </ThemeIcon>
            {phone ? (
              // A phone has no room for two columns: the sentence in full, when under it.
              <Stack gap={0} flex={1} miw={0}>
                <Text size="sm">{sentence}</Text>
                <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {when}
                </Text>
              </Stack>
            ) : (
              <>
                <Text size="sm" flex={1} lineClamp={2}>
                  {sentence}
                </Text>
                <Text
                  size="sm"
                  c="dimmed"
                  ff="monospace"
                  w="9.5rem"
                  ta="right"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {when}
                </Text>
              </>
            )}
          </Group>
        );
      })}
    </Paper>
  );
}
