import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONTACT_PAGE_SIZES, type ContactDto, type ContactSortField } from '@plankurier/shared';
import { IconAddressBook, IconFileImport, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CONTACT_LIST, type ContactPageSize } from '../../api/contact-list-query';
import { useContactList, useRequestContactValidation } from '../../api/use-contacts';
import { EmptyHint } from '../../components/EmptyHint';
import { notifyError, notifySuccess } from '../../notifications/notify';
import { ContactFormDialog } from './list/ContactFormDialog';
import { ContactTable } from './list/ContactTable';
import { nextSort, type ContactSort } from './list/contact-view';
import { DeleteContactDialog } from './list/DeleteContactDialog';
import { ReadOnlyContactDialog } from './list/ReadOnlyContactDialog';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** The contact list: search, sortable columns, page size and paging, create / edit / delete. */
export function ContactListPanel({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ContactPageSize>(DEFAULT_CONTACT_LIST.limit);
  const [sort, setSort] = useState<ContactSort>({
    sortBy: DEFAULT_CONTACT_LIST.sortBy,
    sortOrder: DEFAULT_CONTACT_LIST.sortOrder,
  });
  // The dialog keeps its contact while it closes, so that its title does not change on the way out.
  const [dialog, setDialog] = useState<{ opened: boolean; contact: ContactDto | null }>({
    opened: false,
    contact: null,
  });
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const list = useContactList({ searchText: debouncedSearch, page, limit, ...sort });
  const requestValidation = useRequestContactValidation();

  const data = list.data;
  const searching = debouncedSearch.length > 0;
  const currentPage = data ? Math.min(page, data.pages) : page;

  // After a delete the last page may be gone: show the one before.
  useEffect(() => {
    if (data && page > data.pages) setPage(data.pages);
  }, [data, page]);

  const onSort = (field: ContactSortField) => {
    setSort((current) => nextSort(current, field));
    setPage(1);
  };
  const askValidation = (contact: ContactDto) =>
    requestValidation.mutate(contact._id, {
      onSuccess: () => notifySuccess('contacts.message.validationRequested'),
      onError: notifyError,
    });
  const openCreate = () => setDialog({ opened: true, contact: null });

  const empty = data !== undefined && data.total === 0 && !searching;

  return (
    <Stack gap="md">
      {empty ? null : (
        <Group justify="space-between" gap="md">
          <Group gap="md" w={{ base: '100%', sm: 'auto' }}>
            <TextInput
              aria-label={t('contacts.searchLabel')}
              placeholder={t('contacts.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: '24rem' }}
            />
            {data ? (
              <Text size="sm" c="dimmed" style={tabular}>
                {t('contacts.count', { count: data.count })}
              </Text>
            ) : null}
          </Group>
          <Button leftSection={<IconUserPlus size={16} />} onClick={openCreate}>
            {t('contacts.create')}
          </Button>
        </Group>
      )}

      {list.isPending ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        </Paper>
      ) : list.isError ? (
        <Alert color="red" title={t('contacts.loadError')}>
          <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : empty ? (
        <EmptyHint icon={<IconAddressBook size={28} />} title={t('contacts.emptyTitle')} text={t('contacts.emptyText')}>
          <Button leftSection={<IconFileImport size={16} />} onClick={onImport}>
            {t('contacts.toImport')}
          </Button>
          <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={openCreate}>
            {t('contacts.create')}
          </Button>
        </EmptyHint>
      ) : data && data.contacts.length > 0 ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {/* Narrower screens scroll the table inside its frame, never the page. */}
          <Table.ScrollContainer minWidth="44rem" type="native">
            <ContactTable
              contacts={data.contacts}
              sort={sort}
              onSort={onSort}
              onEdit={(contact) => setDialog({ opened: true, contact })}
              onDelete={setDeleting}
              onRequestValidation={askValidation}
            />
          </Table.ScrollContainer>
        </Paper>
      ) : (
        <EmptyHint
          icon={<IconSearch size={28} />}
          title={t('contacts.noMatchTitle')}
          text={t('contacts.noMatchText', { text: debouncedSearch })}
        />
      )}

      {data && data.count > 0 ? (
        <Group justify="space-between" gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed" id="contacts-page-size">
              {t('contacts.pageSize')}
            </Text>
            <Select
              aria-labelledby="contacts-page-size"
              data={CONTACT_PAGE_SIZES.map((size) => String(size))}
              value={String(limit)}
              onChange={(value) => {
                if (!value) return;
                setLimit(Number(value) as ContactPageSize);
                setPage(1);
              }}
              allowDeselect={false}
              w="5.5rem"
              size="xs"
            />
          </Group>
          {data.pages > 1 ? <Pagination total={data.pages} value={currentPage} onChange={setPage} size="sm" /> : null}
        </Group>
      ) : null}

      <ContactFormDialog
        opened={dialog.opened && !dialog.contact?.inForeignProject}
        contact={dialog.contact}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <ReadOnlyContactDialog
        opened={dialog.opened && Boolean(dialog.contact?.inForeignProject)}
        contact={dialog.contact}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
