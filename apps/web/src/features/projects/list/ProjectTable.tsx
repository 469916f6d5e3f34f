import { Anchor, Table, Text } from '@mantine/core';
import { formatDate, PATHS, type ProjectDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLocale } from '../../../i18n';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** Number | name | last opened (not on phones); a click anywhere on a row opens the project. */
export function ProjectTable({ projects }: { projects: readonly ProjectDto[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table highlightOnHover verticalSpacing={8} horizontalSpacing="md" stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={{ base: 'auto', sm: '14rem' }}>{t('projects.columns.number')}</Table.Th>
          <Table.Th>{t('projects.columns.name')}</Table.Th>
          <Table.Th w="12rem" visibleFrom="sm">
            {t('projects.columns.lastOpened')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr
            key={project._id}
            style={{ cursor: 'pointer' }}
            onClick={() => void navigate(PATHS.project(project._id))}
          >
            <Table.Td style={{ ...tabular, whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={PATHS.project(project._id)} fw={600} onClick={(e) => e.stopPropagation()}>
                {project.number}
              </Anchor>
            </Table.Td>
            <Table.Td>{project.name}</Table.Td>
            <Table.Td style={tabular} visibleFrom="sm">
              <Text size="sm" c="dimmed">
                {project.openedAt ? formatDate(project.openedAt, currentLocale()) : t('common.notFoundYet')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
