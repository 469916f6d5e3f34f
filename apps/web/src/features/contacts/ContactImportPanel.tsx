import { Alert, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const EXAMPLE = 'Anna;Berg;anna.berg@beispiel.de\nJonas;Keller;j.keller@statik-keller.de';

/** How an import file looks; the upload itself arrives with the contacts issue. */
export function ContactImportPanel() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md" maw={640}>
        <Title order={2} fz="h4">
          {t('contacts.importTitle')}
        </Title>
        <Text>{t('contacts.importText')}</Text>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('contacts.importExample')}
          </Text>
          <Code block>{EXAMPLE}</Code>
        </div>
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>
          {t('contacts.importSoon')}
        </Alert>
      </Stack>
    </Paper>
  );
}
