import { Alert, Stack, Text } from '@mantine/core';
import { formatCount, type ImportDetails } from '@plankurier/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { encodingName, factKeys, lineList } from './import-report';

/** What the import recognised in the file (format, encoding, header, columns), and mixed encodings. */
export function ImportFileFacts({ details }: { details: ImportDetails }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const facts = factKeys(details).map(({ key, values }) => t(key, values));
  const other = details.otherEncoding;
  return (
    <Stack gap={6}>
      <Text size="sm">
        <Text span fw={600}>
          {t('contacts.import.facts.label')}:
        </Text>{' '}
        {facts.join(' · ')}
      </Text>
      {details.columns.length > 0 ? (
        <Text size="sm">
          <Text span fw={600}>
            {t('contacts.import.facts.columnsLabel')}:
          </Text>{' '}
          {details.columns.map((column, i) => (
            // Each pair moves to the next line as a whole.
            <span key={`${column.field}-${column.header}`} style={{ display: 'inline-block' }}>
              {t('contacts.import.facts.column', {
                field: t(`contacts.import.fields.${column.field}`),
                header: column.header,
              })}
              {i < details.columns.length - 1 ? '\u00a0·\u00a0' : ''}
            </span>
          ))}
        </Text>
      ) : details.format === 'csv' ? (
        <Text size="sm">{t('contacts.import.facts.byPosition')}</Text>
      ) : null}
      {other ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t('contacts.import.mixedTitle')}
          mt="xs"
          data-testid="import-mixed-encoding"
        >
          {t('contacts.import.mixedText', {
            count: other.count,
            formatted: formatCount(other.count, locale),
            main: encodingName(details.encoding),
            other: encodingName(other.encoding),
            lines: lineList(other.lines, other.count, locale),
          })}
        </Alert>
      ) : null}
    </Stack>
  );
}
