import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PROJECT_LIST_PAGE_SIZE } from '@plankurier/shared';
import { IconFolders, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProjectList } from '../../api/use-project';
import { EmptyHint } from '../../components/EmptyHint';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';
import { useCurrentUser } from '../../session/use-session';
import { CreateProjectDialog } from './list/CreateProjectDialog';
import { ProjectTable } from './list/ProjectTable';

/** The project list: search, 20 per page, and the create dialog (also opened by /projects?create=1). */
export default function ProjectsPage() {
  const { t } = useTranslation();
  usePageTitle(t('projects.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const createOpen = searchParams.get('create') === '1';
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const list = useProjectList({ searchText: debouncedSearch, page, limit: PROJECT_LIST_PAGE_SIZE });

  const openCreate = () => setSearchParams({ create: '1' });
  const closeCreate = () => setSearchParams({}, { replace: true });
  const data = list.data;
  const searching = debouncedSearch.length > 0;
  // Members see the projects they were added to: an empty list usually means nobody added them yet.
  const member = useCurrentUser()?.role === 'member';

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageHeader
        title={t('projects.title')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
            {t('projects.create')}
          </Button>
        }
      />
      {(data && data.total > 0) || searching ? (
        <Group justify="space-between" gap="md">
          <TextInput
            aria-label={t('projects.searchLabel')}
            placeholder={t('projects.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: '24rem' }}
          />
          {data ? (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('projects.total', { count: data.count })}
            </Text>
          ) : null}
        </Group>
      ) : null}

      {list.isPending ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        </Paper>
      ) : list.isError ? (
        <Alert color="red" title={t('projects.loadError')}>
          <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : data && data.projects.length > 0 ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <ProjectTable projects={data.projects} />
        </Paper>
      ) : searching ? (
        <EmptyHint
          icon={<IconSearch size={28} />}
          title={t('projects.noMatchTitle')}
          text={t('projects.noMatchText', { text: debouncedSearch })}
        />
      ) : (
        <EmptyHint
          icon={<IconFolders size={28} />}
          title={t('projects.emptyTitle')}
          text={member ? t('projects.emptyTextMember') : t('projects.emptyText')}
        >
          <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
            {t('projects.createFirst')}
          </Button>
        </EmptyHint>
      )}

      {data && data.pages > 1 ? (
        <Group justify="center">
          <Pagination total={data.pages} value={page} onChange={setPage} />
        </Group>
      ) : null}

      <CreateProjectDialog opened={createOpen} onClose={closeCreate} />
    </Stack>
  );
}
