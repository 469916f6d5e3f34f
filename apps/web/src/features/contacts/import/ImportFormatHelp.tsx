import { Code, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const EXAMPLE =
  'Vorname;Nachname;E-Mail;Firma;Telefon\nAnna;Berg;anna.berg@beispiel.de;Berg Architekten;089 123456\nJonas;Keller;j.keller@statik-keller.de;;';

/** Which files an import reads and how (spec §4, §5; vCards beyond the spec). */
export function ImportFormatHelp() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text>{t('contacts.import.text')}</Text>
      <div>
        <Title order={3} fz="sm" mb={4}>
          {t('contacts.import.formatsTitle')}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>{t('contacts.import.formatCsv')}</List.Item>
          <List.Item>{t('contacts.import.formatTxt')}</List.Item>
          <List.Item>{t('contacts.import.formatVcard')}</List.Item>
        </List>
      </div>
      <List size="sm" spacing={4}>
        <List.Item>{t('contacts.import.ruleHeader')}</List.Item>
        <List.Item>{t('contacts.import.ruleEncoding')}</List.Item>
        <List.Item>{t('contacts.import.ruleDuplicates')}</List.Item>
        <List.Item>{t('contacts.import.ruleSpreadsheet')}</List.Item>
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
