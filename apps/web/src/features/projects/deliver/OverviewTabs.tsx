import { ActionIcon, Checkbox, Group, Paper, Table, Tabs, Text, Tooltip } from '@mantine/core';
import {
  docSelection,
  participantSelection,
  subscriberListCheckbox,
  subscriberListState,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconChevronRight, IconEye } from '@tabler/icons-react';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { docRowInfo, type ProjectModel } from '../model/project-model';
import { filesOfSub } from './deliver-model';
import type { DeliverAction, DeliverModeState } from './deliver-state';
import { FormatBadges } from './FormatBadges';
import { PlanReceivers } from './PlanReceivers';
import { tabular } from './row-styles';

interface OverviewTabsProps {
  model: ProjectModel;
  state: DeliverModeState;
  dispatch: Dispatch<DeliverAction>;
  docIds: readonly string[];
  onPreview: (participantId: string) => void;
  disabled: boolean;
}

/** The overview of step two (spec §2 Delivery): tabs receivers and docs, and the per-plan delivery view. */
export function OverviewTabs({ model, state, dispatch, docIds, onPreview, disabled }: OverviewTabsProps) {
  const { t } = useTranslation();
  const [planId, setPlanId] = useState<string | null>(null);
  const subById = new Map(model.bundle.subs.map((s) => [s._id, s]));
  const receivers = model.bundle.participants.filter(
    (p) => participantSelection(state.selection, p._id).subscriptions.length > 0,
  );
  const listState = subscriberListState(state.selection, docIds);
  const listBox = subscriberListCheckbox(listState);

  if (planId) {
    return (
      <PlanReceivers model={model} docId={planId} state={state} dispatch={dispatch} onBack={() => setPlanId(null)} />
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs defaultValue="receivers">
        <Tabs.List>
          <Tabs.Tab value="receivers">{t('deliver.overview.receivers', { count: receivers.length })}</Tabs.Tab>
          <Tabs.Tab value="docs">{t('deliver.overview.docs', { count: docIds.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="receivers" pt="sm">
          <Table.ScrollContainer minWidth={520} type="native">
            <Table verticalSpacing={6} aria-label={t('deliver.overview.receiversLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deliver.overview.name')}</Table.Th>
                  <Table.Th>{t('deliver.overview.email')}</Table.Th>
                  <Table.Th ta="right">{t('deliver.overview.plans')}</Table.Th>
                  <Table.Th ta="right">{t('deliver.overview.files')}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {receivers.map((p) => {
                  const subIds = participantSelection(state.selection, p._id).subscriptions;
                  const files = subIds.reduce((n, id) => {
                    const sub = subById.get(id);
                    return n + (sub ? filesOfSub(sub, model).length : 0);
                  }, 0);
                  return (
                    <Table.Tr key={p._id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {p.name}
                        </Text>
                        {p.company && p.company !== p.name ? (
                          <Text size="xs" c="dimmed">
                            {p.company}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{p.email}</Text>
                      </Table.Td>
                      <Table.Td ta="right" style={tabular}>
                        {subIds.length}
                      </Table.Td>
                      <Table.Td ta="right" style={tabular}>
                        {files}
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={t('deliver.preview.for', { name: p.name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('deliver.preview.for', { name: p.name })}
                            onClick={() => onPreview(p._id)}
                          >
                            <IconEye size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Tabs.Panel>
        <Tabs.Panel value="docs" pt="sm">
          <Table.ScrollContainer minWidth={480} type="native">
            <Table verticalSpacing={6} aria-label={t('deliver.overview.docsLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44}>
                    <Tooltip label={t('deliver.subscriberListAll')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                      <Checkbox
                        size="xs"
                        aria-label={t('deliver.subscriberListAll')}
                        checked={listBox === 'checked'}
                        indeterminate={listBox === 'indeterminate'}
                        disabled={disabled || docIds.length === 0}
                        onChange={() => dispatch({ type: 'toggleSubscriberlistForAll', docIds })}
                      />
                    </Tooltip>
                  </Table.Th>
                  <Table.Th>{t('deliver.overview.plan')}</Table.Th>
                  <Table.Th>{t('deliver.overview.index')}</Table.Th>
                  <Table.Th>{t('deliver.overview.formats')}</Table.Th>
                  <Table.Th ta="right">{t('deliver.overview.receiversShort')}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docIds.map((docId) => {
                  const doc = model.docById.get(docId);
                  if (!doc) return null;
                  const info = docRowInfo(doc, model);
                  const chosen = docSelection(state.selection, docId);
                  const label = `${doc.number} ${doc.name}`;
                  return (
                    <Table.Tr key={docId}>
                      <Table.Td>
                        <Tooltip label={t('deliver.subscriberList')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                          <Checkbox
                            size="xs"
                            aria-label={t('deliver.subscriberListOf', { name: label })}
                            checked={chosen.includeSubscriberlist}
                            disabled={disabled}
                            onChange={() => dispatch({ type: 'toggleSubscriberlist', docId })}
                          />
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={600} style={tabular}>
                            {doc.number}
                          </Text>
                          <Text size="sm">{doc.name}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td fw={700} style={tabular}>
                        {info.currentIndex}
                      </Table.Td>
                      <Table.Td>
                        <FormatBadges formats={info.formats} />
                      </Table.Td>
                      <Table.Td ta="right" style={tabular}>
                        {chosen.subscriptions.length}
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('deliver.planView.open', { name: label })}
                          onClick={() => setPlanId(docId)}
                        >
                          <IconChevronRight size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs">
            {t('deliver.subscriberListHint')}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
