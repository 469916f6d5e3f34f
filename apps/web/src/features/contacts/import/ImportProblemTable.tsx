import { ScrollArea, Table, Text } from '@mantine/core';
import type { ImportProblem } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { problemReasonKey } from './import-report';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** Lines that were not imported: line number, translated reason, the value that caused it. */
export function ImportProblemTable({ problems }: { problems: readonly ImportProblem[] }) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah="24rem" type="auto">
      <Table
        verticalSpacing={6}
        horizontalSpacing="md"
        stickyHeader
        striped
        aria-label={t('contacts.import.problemsTitle')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="6rem">{t('contacts.import.columns.line')}</Table.Th>
            <Table.Th w="22rem">{t('contacts.import.columns.reason')}</Table.Th>
            <Table.Th>{t('contacts.import.columns.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem) => (
            <Table.Tr key={`${problem.line}-${problem.reason}`}>
              <Table.Td style={tabular}>{problem.line}</Table.Td>
              <Table.Td>{t(problemReasonKey(problem.reason))}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" c={problem.value ? undefined : 'dimmed'}>
                  {problem.value || t('common.notFoundYet')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
