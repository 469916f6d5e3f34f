import { ScrollArea, Table, Text } from '@mantine/core';
import { formatCount, type ImportProblem } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { problemReasonKey } from './import-report';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
/** Long German words break with a hyphen rather than anywhere (the page's lang is set). */
const wrapping = { hyphens: 'auto', overflowWrap: 'break-word' } as const;

/**
 * Lines that were not imported: the line the contact starts on, its name (to find it in the file),
 * the translated reason and the value that caused it.
 */
export function ImportProblemTable({ problems }: { problems: readonly ImportProblem[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <ScrollArea.Autosize mah="24rem" type="auto">
      <Table
        verticalSpacing={6}
        horizontalSpacing="sm"
        stickyHeader
        striped
        aria-label={t('contacts.import.problemsTitle')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="4rem">{t('contacts.import.columns.line')}</Table.Th>
            <Table.Th>{t('contacts.import.columns.name')}</Table.Th>
            <Table.Th>{t('contacts.import.columns.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem) => (
            <Table.Tr key={`${problem.line}-${problem.reason}`}>
              <Table.Td style={tabular}>{formatCount(problem.line, locale)}</Table.Td>
              <Table.Td style={wrapping}>
                {problem.name ? (
                  problem.name
                ) : (
                  <Text span size="sm" c="dimmed">
                    –
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={wrapping}>
                <Text size="sm">{t(problemReasonKey(problem.reason))}</Text>
                {problem.value ? (
                  <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {problem.value}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
