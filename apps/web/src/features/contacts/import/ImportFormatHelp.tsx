import { Code, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const EXAMPLE =
  'Vorname;Nachname;E-Mail;Firma;Telefon\nAnna;Berg;anna.berg@beispiel.de;Berg Architekten;089 123456\nJonas;Keller;j.keller@statik-keller.de;;';

/** How an import file looks (spec §4, §5). */
export function ImportFormatHelp() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text>{t('contacts.import.text')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('contacts.import.ruleColumns')}</List.Item>
        <List.Item>{t('contacts.import.ruleHeader')}</List.Item>
        <List.Item>{t('contacts.import.ruleSeparator')}</List.Item>
        <List.Item>{t('contacts.import.ruleEncoding')}</List.Item>
        <List.Item>{t('contacts.import.ruleDuplicates')}</List.Item>
      </List>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('contacts.import.example')}
        </Text>
        <Code block>{EXAMPLE}</Code>
      </div>
    </Stack>
  );
}
