import { Button } from '@mantine/core';
import { IconAddressBook, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../components/EmptyHint';

export function ContactListPanel({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyHint icon={<IconAddressBook size={28} />} title={t('contacts.emptyTitle')} text={t('contacts.emptyText')}>
      <Button leftSection={<IconFileImport size={16} />} onClick={onImport}>
        {t('contacts.toImport')}
      </Button>
    </EmptyHint>
  );
}
