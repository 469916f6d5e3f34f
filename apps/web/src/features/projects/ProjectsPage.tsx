import { Button, Stack, Text } from '@mantine/core';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyHint } from '../../components/EmptyHint';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';

/** The project list. Projects arrive with their own issue; until then the list is honestly empty. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  usePageTitle(t('projects.title'));
  const [searchParams] = useSearchParams();
  const wantsCreate = searchParams.get('create') === '1';

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title={t('projects.title')} />
      <EmptyHint icon={<IconFolders size={28} />} title={t('projects.emptyTitle')} text={t('projects.emptyText')}>
        <Stack gap="xs" align="center">
          <Button leftSection={<IconPlus size={16} />} disabled>
            {t('projects.create')}
          </Button>
          <Text size="xs" c={wantsCreate ? 'brand.7' : 'dimmed'} fw={wantsCreate ? 600 : undefined}>
            {t('projects.createSoon')}
          </Text>
        </Stack>
      </EmptyHint>
    </Stack>
  );
}
