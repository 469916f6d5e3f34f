import { Badge, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDate, type Locale, type QrPublicDto } from '@plankurier/shared';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { PageLoader } from '../../components/PageLoader';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { currentLocale, publicTextsOf } from '../../i18n';
import { readStoredUserData } from '../../session/session-storage';
import { errorText } from '../../notifications/error-text';
import { qrApi } from '../projects/qr/qr-api';

/**
 * Whoever scans the code is rarely a user: without a stored choice the page speaks the browser's
 * language (English for English browsers, German otherwise).
 */
function visitorLocale(): Locale {
  let stored: string | null;
  try {
    stored = localStorage.getItem('plankurier.locale');
  } catch {
    stored = null; // storage blocked (private mode, a sandboxed frame)
  }
  if (readStoredUserData() || stored) return currentLocale();
  return navigator.language.toLowerCase().startsWith('en') ? 'en' : 'de';
}

/**
 * The public page behind the QR code on a printed plan (`/q/:token`): is this sheet still the
 * current index? No login; it shows the office, the plan's number and name and the index dates.
 */
export default function QrCheckPage() {
  const locale = visitorLocale();
  // English loads on demand: the page shows its loader until the visitor's language is there.
  use(publicTextsOf(locale));
  const { t } = useTranslation('translation', { lng: locale });
  usePageTitle(t('qrCheck.title'));
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['qr-check', token],
    queryFn: () => qrApi.check(token),
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (check.isPending) return <PageLoader />;
  if (check.isError) {
    const gone = isApiError(check.error) && check.error.status === 404;
    return (
      <StatusPanel
        icon={<IconLinkOff size={28} />}
        color="gray"
        title={gone ? t('qrCheck.invalidTitle') : errorText(check.error)}
      >
        {gone ? t('qrCheck.invalidText') : null}
      </StatusPanel>
    );
  }
  return <QrVerdict data={check.data} t={t} locale={locale} />;
}

function QrVerdict({ data, t, locale }: { data: QrPublicDto; t: TFunction; locale: Locale }) {
  const { scanned, current, doc, office } = data;
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : '–');
  const verdict =
    scanned.state === 'current'
      ? { color: 'green', icon: <IconCircleCheck size={36} />, title: t('qrCheck.current'), text: null }
      : scanned.state === 'preparation'
        ? { color: 'yellow', icon: <IconClockHour4 size={36} />, title: t('qrCheck.preparation'), text: null }
        : {
            color: 'red',
            icon: <IconAlertTriangle size={36} />,
            title: current
              ? t('qrCheck.outdated', { index: current.index, date: date(current.releaseDate) })
              : t('qrCheck.outdatedNoCurrent'),
            text: t('qrCheck.outdatedHint'),
          };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <Text size="sm" c="dimmed">
            {office.company}
          </Text>
          <Stack gap={2} align="center">
            <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {doc.number}
            </Text>
            <Text>{doc.name}</Text>
          </Stack>
          <ThemeIcon size={72} radius="xl" variant="light" color={verdict.color} aria-hidden>
            {verdict.icon}
          </ThemeIcon>
          <Title order={1} fz="h3" c={verdict.color === 'red' ? 'red.8' : undefined} data-testid="qr-verdict">
            {verdict.title}
          </Title>
          {verdict.text ? <Text c="dimmed">{verdict.text}</Text> : null}
          <Stack gap={6} w="100%" mt="sm">
            <Row label={t('qrCheck.scannedIndex')}>
              <Badge variant="light" color={verdict.color} size="lg" radius="sm">
                {scanned.index}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('qrCheck.releasedOn', { date: date(scanned.releaseDate) })}
              </Text>
            </Row>
            {current && scanned.state !== 'current' ? (
              <Row label={t('qrCheck.currentIndex')}>
                <Badge variant="filled" color="green" size="lg" radius="sm">
                  {current.index}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t('qrCheck.releasedOn', { date: date(current.releaseDate) })}
                </Text>
              </Row>
            ) : null}
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="sm" px="md" py="xs">
      <Stack gap={4} align="center">
        <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
          {label}
        </Text>
        <Stack gap={2} align="center">
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}
