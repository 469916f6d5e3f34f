import { ActionIcon, Badge, Box, Group, Menu, ScrollArea, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { DocDto } from '@plankurier/shared';
import { IconDots, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { docApi } from '../../../api/project-api';
import { useTouchSize } from '../../../components/use-screen';
import { useProjectMutation } from '../../../api/use-project';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { tabular } from '../docs/columns';
import type { ProjectModel } from '../model/project-model';
import { SidePanel } from '../page/SidePanel';
import { TransmittalMenuItems } from '../prints/TransmittalMenuItems';
import { DocParticipantsPanel } from './DocParticipantsPanel';
import { VersionsPanel } from './VersionsPanel';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

interface ContextBarProps {
  model: ProjectModel;
  doc: DocDto;
  height: number;
  onClose: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

/** The side panel for the selected plan: 'Versionen' and 'Beteiligte'. Never a modal. */
export function ContextBar({ model, doc, height, onClose, onEdit, onDeleted }: ContextBarProps) {
  const { t } = useTranslation();
  const label = `${doc.number} ${doc.name}`.trim();
  const iconSize = useTouchSize('md');
  // Escape closes the bar, unless a dialog is open or the user is typing (Escape then belongs to the field).
  useWindowEvent('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
    if (event.key === 'Escape' && !typing && !document.querySelector('[role="dialog"]')) onClose();
  });
  const remove = useProjectMutation(model.bundle.project._id, () => docApi.remove(doc._id));
  // The server counts who has the plan: a plan that went out stays on its recipients' pages as withdrawn.
  const confirmDelete = () =>
    docApi
      .deletionCheck(doc._id)
      .then(({ recipients }) => openDeleteDialog(recipients))
      .catch(notifyError);
  const openDeleteDialog = (recipients: number) =>
    modals.openConfirmModal({
      title: t('context.deleteDocTitle', { name: label }),
      children:
        recipients > 0 ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('context.deleteSentDocCount', { count: recipients })}
            </Text>
            <Text size="sm">{t('context.deleteSentDocText')}</Text>
          </Stack>
        ) : (
          t('context.deleteDocText')
        ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess('message_data_updated');
            onDeleted();
          },
          onError: notifyError,
        }),
    });

  return (
    <SidePanel label={t('context.label', { name: label })} height={height} onClose={onClose}>
      <Box px="md" pt="sm" pb={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Badge size="xs" variant="light" color={doc.doctype === 'plan' ? 'brand' : 'grape'} radius="sm" tt="none">
                {t(`context.doctype.${doc.doctype}`)}
              </Badge>
              <Text size="sm" fw={700} style={tabular} truncate="end">
                {doc.number}
              </Text>
            </Group>
            <Text fw={600} truncate="end" title={doc.name}>
              {doc.name}
            </Text>
          </Stack>
          <Group gap={2} wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={iconSize}
                  aria-label={t('context.docActions', { name: label })}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                  {t('context.editDoc')}
                </Menu.Item>
                <TransmittalMenuItems projectId={model.bundle.project._id} about={{ docId: doc._id }} name={label} />
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                  {t('context.deleteDoc')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Tooltip label={t('context.close')} openDelay={ICON_TOOLTIP_DELAY_MS}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={iconSize}
                aria-label={t('context.close')}
                onClick={onClose}
              >
                <IconX size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Box>
      <Tabs
        defaultValue="versions"
        keepMounted={false}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Tabs.List px="sm">
          <Tabs.Tab value="versions">{t('context.tabs.versions')}</Tabs.Tab>
          <Tabs.Tab value="participants">{t('context.tabs.participants')}</Tabs.Tab>
        </Tabs.List>
        <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
          <Box p="md">
            <Tabs.Panel value="versions">
              <VersionsPanel model={model} doc={doc} />
            </Tabs.Panel>
            <Tabs.Panel value="participants">
              <DocParticipantsPanel model={model} doc={doc} />
            </Tabs.Panel>
          </Box>
        </ScrollArea>
      </Tabs>
    </SidePanel>
  );
}
