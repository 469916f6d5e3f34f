import { Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { subSelectState } from '@plankurier/shared';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { docRowInfo, type ProjectModel } from '../model/project-model';
import { DeliverDot } from '../participants/DeliverDot';
import { DownloadDot } from '../participants/DownloadDot';
import { receiverRows, subFormats, type ReceiverFilter } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { FormatBadges } from './FormatBadges';
import { SelectCheckbox } from './SelectCheckbox';

const FILTERS: readonly ReceiverFilter[] = ['all', 'selected', 'not_selected'];

/** The per-plan delivery view: who receives this plan, filtered and searched, each selectable. */
export function PlanReceivers({
  model,
  docId,
  state,
  dispatch,
  onBack,
}: {
  model: ProjectModel;
  docId: string;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReceiverFilter>('all');
  const [search, setSearch] = useState('');
  const doc = model.docById.get(docId);
  const participantById = new Map(model.bundle.participants.map((p) => [p._id, p]));
  const rows = receiverRows(docId, state.selection, model.bundle.subs, participantById, filter, search);
  if (!doc) return null;
  const info = docRowInfo(doc, model);
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('deliver.planView.label', { name: doc.name })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            {t('deliver.planView.back')}
          </Button>
          <Text fw={600}>
            {doc.number} {doc.name} · {t('deliver.planView.index', { index: info.currentIndex ?? '–' })}
          </Text>
        </Group>
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as ReceiverFilter)}
            data={FILTERS.map((f) => ({ value: f, label: t(`deliver.planView.filter.${f}`) }))}
          />
          <TextInput
            flex={1}
            size="xs"
            leftSection={<IconSearch size={14} />}
            placeholder={t('deliver.planView.search')}
            aria-label={t('deliver.planView.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Group>
        <Table verticalSpacing={6} aria-label={t('deliver.planView.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44} />
              <Table.Th w={48} />
              <Table.Th>{t('deliver.overview.name')}</Table.Th>
              <Table.Th>{t('deliver.overview.email')}</Table.Th>
              <Table.Th>{t('deliver.overview.formats')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ sub, participant }) => (
              <Table.Tr key={sub._id}>
                <Table.Td>
                  <SelectCheckbox
                    state={subSelectState(state.selection, sub)}
                    label={t('deliver.selectSub', { doc: doc.number, name: participant.name })}
                    onToggle={() => dispatch({ type: 'toggleSub', subs: model.bundle.subs, subId: sub._id })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <DeliverDot state={sub.state.deliver} />
                    <DownloadDot state={sub.state.download} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{participant.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {participant.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <FormatBadges formats={subFormats(sub, model)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('deliver.planView.empty')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
