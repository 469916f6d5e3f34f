import { Stack, Tabs } from '@mantine/core';
import { IconAddressBook, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/use-page-title';
import { ContactImportPanel } from './ContactImportPanel';
import { ContactListPanel } from './ContactListPanel';
import { useImportLive } from './import/use-import-live';

type ContactsTab = 'list' | 'import';

/** Contacts: list and import, the tab kept in ?tab= so that the dashboard can open the import. */
export default function ContactsPage() {
  const { t } = useTranslation();
  usePageTitle(t('contacts.title'));
  useImportLive();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ContactsTab = searchParams.get('tab') === 'import' ? 'import' : 'list';

  const selectTab = (value: string | null) => {
    setSearchParams(value === 'import' ? { tab: 'import' } : {}, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader title={t('contacts.title')} />
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="list" leftSection={<IconAddressBook size={16} />}>
            {t('contacts.tabList')}
          </Tabs.Tab>
          <Tabs.Tab value="import" leftSection={<IconFileImport size={16} />}>
            {t('contacts.tabImport')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <ContactListPanel onImport={() => selectTab('import')} />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ContactImportPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
