import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import type { TimelineEventType } from '@plankurier/shared';
import { IconCalendarTime, IconFilterOff, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import { errorText } from '../../../notifications/error-text';
import { notifyError } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { DocEventList } from './DocEventList';
import { EmailEventCard } from './EmailEventCard';
import { EMAIL_EVENT_HEIGHTS } from './event-height';
import { anyExpanded, collapseAll, COLLAPSED, expandAll, isExpanded, toggleExpanded } from './expansion';
import { TimelineFilterBar } from './TimelineFilterBar';
import { TimelinePrintButton } from '../prints/TimelinePrintButton';
import { isFiltered, NO_FILTER, useResetTimelineOnLeave, useTimeline, type TimelineFilter } from './use-timeline';

/**
 * 'Timeline' (spec §2, §3, §4): tabs 'Dokumente' and 'E-Mails', the filter bar, the events newest
 * first with 'Weitere laden'. Filters and expansion live here, so leaving the tab (it unmounts)
 * resets them; the loaded pages are dropped too.
 */
export function TimelineTab({ model }: { model: ProjectModel }) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  const [eventType, setEventType] = useState<TimelineEventType>('DOC');
  const [filter, setFilter] = useState<TimelineFilter>(NO_FILTER);
  useResetTimelineOnLeave(projectId);

  return (
    <Stack gap="sm">
      {/* 'Drucken' beside the tab list, not in it: a tab list holds tabs only (axe, issue 37) */}
      <Group gap="sm" wrap="nowrap" align="center">
        <Tabs
          value={eventType}
          onChange={(value) => value && setEventType(value as TimelineEventType)}
          keepMounted={false}
          flex={1}
        >
          <Tabs.List aria-label={t('timeline.tabsLabel')}>
            <Tabs.Tab value="DOC" leftSection={<IconCalendarTime size={16} aria-hidden />}>
              {t('timeline.tabs.docs')}
            </Tabs.Tab>
            <Tabs.Tab value="EMAIL" leftSection={<IconMail size={16} aria-hidden />}>
              {t('timeline.tabs.emails')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <TimelinePrintButton projectId={projectId} eventType={eventType} filter={filter} />
      </Group>
      <TimelineFilterBar model={model} filter={filter} onChange={setFilter} />
      <TimelineEvents
        key={eventType}
        projectId={projectId}
        eventType={eventType}
        filter={filter}
        onResetFilter={() => setFilter(NO_FILTER)}
      />
    </Stack>
  );
}

interface TimelineEventsProps {
  projectId: string;
  eventType: TimelineEventType;
  filter: TimelineFilter;
  onResetFilter: () => void;
}

function TimelineEvents({ projectId, eventType, filter, onResetFilter }: TimelineEventsProps) {
  const { t } = useTranslation();
  const timeline = useTimeline(projectId, eventType, filter);
  const [expansion, setExpansion] = useState(COLLAPSED);
  const { error } = timeline;
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);

  if (timeline.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('timeline.loading')} />
      </Center>
    );
  }
  if (timeline.isError) {
    return (
      <Alert color="red" title={t('timeline.loadFailed')}>
        <Group justify="space-between">
          <Text size="sm">{errorText(timeline.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void timeline.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const { events } = timeline;
  const filtered = isFiltered(filter);
  if (events.length === 0) {
    if (filtered) {
      return (
        <EmptyHint
          icon={<IconFilterOff size={28} />}
          title={t('timeline.empty.filteredTitle')}
          text={t('timeline.empty.filteredText')}
        >
          <Button variant="light" onClick={onResetFilter}>
            {t('timeline.filter.reset')}
          </Button>
        </EmptyHint>
      );
    }
    return eventType === 'EMAIL' ? (
      <EmptyHint
        icon={<IconMail size={28} />}
        title={t('timeline.empty.emailsTitle')}
        text={t('timeline.empty.emailsText')}
      />
    ) : (
      <EmptyHint
        icon={<IconCalendarTime size={28} />}
        title={t('timeline.empty.docsTitle')}
        text={t('timeline.empty.docsText')}
      />
    );
  }

  const ids = events.map((e) => e._id);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('timeline.shown', { shown: events.length, total: Math.max(timeline.total, events.length) })}
        </Text>
        {eventType === 'EMAIL' ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setExpansion(expandAll())}>
              {t('timeline.email.expandAll')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!anyExpanded(expansion, ids)}
              onClick={() => setExpansion(collapseAll())}
            >
              {t('timeline.email.collapseAll')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {eventType === 'EMAIL' ? (
        <Stack
          component="ul"
          gap={EMAIL_EVENT_HEIGHTS.gap}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('timeline.emailsListLabel')}
        >
          {events.map((event) => (
            <EmailEventCard
              key={event._id}
              projectId={projectId}
              event={event}
              expanded={isExpanded(expansion, event._id)}
              onToggle={() => setExpansion((state) => toggleExpanded(state, event._id))}
            />
          ))}
        </Stack>
      ) : (
        <DocEventList events={events} />
      )}
      {timeline.hasNextPage ? (
        <Center>
          <Button variant="light" loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
            {t('timeline.loadMore')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
