import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';
import { currentLocale } from '../../i18n';
import { ROADMAP, type RoadmapStatus } from './roadmap-content';

const STATUS_COLORS: Record<RoadmapStatus, string> = { done: 'green', inProgress: 'brand', planned: 'gray' };

export default function RoadmapPage() {
  const { t } = useTranslation();
  usePageTitle(t('roadmap.title'));
  const locale = currentLocale();

  return (
    <Stack gap="lg" maw={860} mx="auto">
      <PageHeader title={t('roadmap.title')} description={t('roadmap.intro')} />
      {ROADMAP.map((item) => (
        <Paper key={item.title.de} withBorder radius="md" p="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <div>
              <Title order={2} fz="lg" mb={4}>
                {item.title[locale]}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {item.text[locale]}
              </Text>
            </div>
            <Badge color={STATUS_COLORS[item.status]} variant="light" radius="sm" tt="none" style={{ flex: 'none' }}>
              {t(`roadmap.status.${item.status}`)}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
