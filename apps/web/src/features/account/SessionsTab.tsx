import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatTime, type SessionDto } from '@plankurier/shared';
import {
  IconAlertCircle,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDevices,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEndOtherSessions, useEndSession, useSessions } from '../../api/use-sessions';
import { FormSection } from '../../components/FormSection';
import { currentLocale } from '../../i18n';
import { errorText } from '../../notifications/error-text';
import { notifyError, notifySuccess } from '../../notifications/notify';

const DEVICE_ICONS = { desktop: IconDeviceDesktop, tablet: IconDeviceTablet, mobile: IconDeviceMobile } as const;

/** 'Angemeldete Geräte': where the account is signed in, each signed out on its own or all but this one at once. */
export function SessionsTab() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();

  if (sessions.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (sessions.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('account.sessions.loadFailed')}>
        <Group justify="space-between">
          <Text size="sm">{errorText(sessions.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void sessions.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const { data } = sessions;
  const others = data.sessions.filter((s) => !s.current).length;
  return (
    <FormSection
      title={t('account.sessions.title')}
      description={t('account.sessions.intro', {
        idleTime: t('account.sessions.days', { count: data.idleDays }),
        maxTime: t('account.sessions.days', { count: data.maxDays }),
      })}
    >
      <Stack gap="md">
        <Stack gap="xs" data-testid="session-list">
          {data.sessions.map((session) => (
            <SessionRow key={session._id} session={session} />
          ))}
        </Stack>
        {others > 0 ? (
          <Group>
            <Button
              variant="light"
              color="red"
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: () => notifySuccess('account.sessions.signedOutOthers'),
                  onError: notifyError,
                })
              }
            >
              {t('account.sessions.signOutOthers')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('account.sessions.onlyThis')}
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}

function SessionRow({ session }: { session: SessionDto }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const end = useEndSession();
  const Icon = session.device ? DEVICE_ICONS[session.device] : IconDevices;
  const name =
    session.browser && session.os
      ? t('account.sessions.on', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('account.sessions.unknownDevice'));
  const details = [
    t('account.sessions.lastUsedAt', {
      date: formatDate(session.lastUsedAt, locale),
      time: formatTime(session.lastUsedAt),
    }),
    t('account.sessions.signedInAt', { date: formatDate(session.createdAt, locale) }),
    session.ip ? t('account.sessions.ip', { ip: session.ip }) : null,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="session-row" data-current={session.current}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
          <Icon size={24} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {session.current ? (
                <Badge size="sm" variant="light" radius="sm" tt="none">
                  {t('account.sessions.thisDevice')}
                </Badge>
              ) : null}
            </Group>
            {details.map((line) => (
              <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        </Group>
        {session.current ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            style={{ flexShrink: 0 }}
            loading={end.isPending}
            aria-label={`${t('account.sessions.signOut')}: ${name}`}
            onClick={() =>
              end.mutate(session._id, {
                onSuccess: () => notifySuccess('account.sessions.signedOut'),
                onError: notifyError,
              })
            }
          >
            {t('account.sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
