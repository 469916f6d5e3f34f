import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Locale } from '@plankurier/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';
import { currentLocale } from '../../i18n';
import { ROADMAP, type RoadmapItem } from './roadmap-content';

const shipped = ROADMAP.filter((item) => item.status === 'done');
const upcoming = ROADMAP.filter((item) => item.status !== 'done');

/** The roadmap (spec §1): what the product does today, then what comes next. */
export default function RoadmapPage() {
  const { t } = useTranslation();
  usePageTitle(t('roadmap.title'));
  const locale = currentLocale();

  return (
    <Stack gap="xl" maw={1100} mx="auto">
      <PageHeader title={t('roadmap.title')} description={t('roadmap.intro')} />
      <section aria-labelledby="roadmap-today">
        <Title id="roadmap-today" order={2} fz="h3" mb="md">
          {t('roadmap.today')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {shipped.map((item) => (
            <Paper key={item.title.de} withBorder radius="md" p="md">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <IconCircleCheck
                  size={22}
                  color="var(--mantine-color-green-6)"
                  style={{ flex: 'none', marginTop: 2 }}
                  aria-hidden
                />
                <ItemText item={item} locale={locale} />
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="roadmap-next">
        <Title id="roadmap-next" order={2} fz="h3" mb="md">
          {t('roadmap.next')}
        </Title>
        <Stack gap="md">
          {upcoming.map((item) => (
            <Paper key={item.title.de} withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                <ItemText item={item} locale={locale} />
                <Badge
                  color={item.status === 'inProgress' ? 'brand' : 'gray'}
                  variant="light"
                  radius="sm"
                  tt="none"
                  style={{ flex: 'none' }}
                >
                  {t(`roadmap.status.${item.status}`)}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

function ItemText({ item, locale }: { item: RoadmapItem; locale: Locale }) {
  return (
    <div>
      <Title order={3} fz="md" mb={4}>
        {item.title[locale]}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {item.text[locale]}
      </Text>
    </div>
  );
}
