import { Group, Table, UnstyledButton } from '@mantine/core';
import type { ContactSortField } from '@plankurier/shared';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ContactSort } from './contact-view';

interface SortableThProps {
  field: ContactSortField;
  sort: ContactSort;
  onSort: (field: ContactSortField) => void;
  children: ReactNode;
  w?: string;
}

/** A column header that sorts the list; aria-sort tells the current order. */
export function SortableTh({ field, sort, onSort, children, w }: SortableThProps) {
  const active = sort.sortBy === field;
  const Icon = !active ? IconSelector : sort.sortOrder === 1 ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th w={w} aria-sort={active ? (sort.sortOrder === 1 ? 'ascending' : 'descending') : 'none'} p={0}>
      <UnstyledButton onClick={() => onSort(field)} px="md" py={8} w="100%" fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} stroke={1.8} opacity={active ? 1 : 0.45} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
