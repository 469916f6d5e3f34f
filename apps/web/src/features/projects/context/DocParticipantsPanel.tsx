import { subOf } from '../model/sub-index';
import { Box, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocDto } from '@plankurier/shared';
import { IconChevronDown, IconTags, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import { notifyError } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { DocReceiverHints } from '../onboarding/DocReceiverHints';
import { buildParticipantModel, formatToggleItems, roleToDocItems } from '../participants/participant-model';
import { SubscriptionGroup } from '../participants/SubscriptionGroup';
import { SubscriptionRow } from '../participants/SubscriptionRow';
import { useSubscriptionToggle } from '../participants/use-participant-mutations';

/** The last column holds the 'DWG/DXF' head, wider than the 'PDF' one. */
const CELLS = '1.5rem minmax(0, 1fr) 2.5rem 4rem';

/** The context bar's 'Beteiligte': every participant by folder with PDF and TEC for this plan. */
export function DocParticipantsPanel({ model, doc }: { model: ProjectModel; doc: DocDto }) {
  const { t } = useTranslation();
  const pmodel = useMemo(() => buildParticipantModel(model.bundle), [model.bundle]);
  const toggle = useSubscriptionToggle(model.bundle.project._id);
  const send = (items: ReturnType<typeof formatToggleItems>, onSuccess?: () => void) => {
    if (items.length) toggle.mutate(items, { onSuccess, onError: notifyError });
  };

  if (model.bundle.participants.length === 0) {
    return (
      <DocReceiverHints
        model={model}
        docId={doc._id}
        fallback={
          <EmptyHint
            icon={<IconUsers size={28} />}
            title={t('subscriptions.noParticipantsTitle')}
            text={t('subscriptions.noParticipantsText')}
          />
        }
      />
    );
  }

  const applyRole = (roleId: string, name: string) => {
    const items = roleToDocItems(doc._id, model.bundle.participants, roleId);
    if (items.length === 0) {
      notifications.show({ color: 'orange', message: t('subscriptions.roleNobody', { name }) });
      return;
    }
    toggle.mutate(items, {
      onSuccess: () => notifications.show({ color: 'green', message: t('subscriptions.roleApplied', { name }) }),
      onError: notifyError,
    });
  };

  return (
    <Stack gap="sm">
      <DocReceiverHints model={model} docId={doc._id} />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('subscriptions.docTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('subscriptions.docText')}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconTags size={12} />}
              rightSection={<IconChevronDown size={12} />}
              style={{ flexShrink: 0 }}
            >
              {t('subscriptions.role')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label maw="16rem">{t('subscriptions.roleHint')}</Menu.Label>
            {pmodel.roles.length === 0 ? <Menu.Item disabled>{t('subscriptions.roleNone')}</Menu.Item> : null}
            {pmodel.roles.map((role) => (
              <Menu.Item key={role._id} onClick={() => applyRole(role._id, role.name)}>
                {role.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Box
        px={4}
        style={{ display: 'grid', gridTemplateColumns: CELLS, columnGap: 8, alignItems: 'center' }}
        aria-hidden
      >
        <span />
        <span />
        <Text size="xs" fw={700} c="dimmed">
          {t('subscriptions.pdf')}
        </Text>
        <Text size="xs" fw={700} c="dimmed" title={t('subscriptions.tecHint')}>
          {t('subscriptions.tec')}
        </Text>
      </Box>
      {pmodel.folders.map((folder) => {
        const participants = pmodel.participantsByFolder.get(folder._id) ?? [];
        return (
          <SubscriptionGroup
            key={folder._id}
            name={folder.name}
            hint={
              <>
                {t('subscriptions.allPdf')} / {t('subscriptions.allTec')}
              </>
            }
            columns={CELLS}
            cells={participants.map((p) => ({ docId: doc._id, participantId: p._id }))}
            subIndex={pmodel.subIndex}
            bulkLabel={(format) =>
              t(format === 'pdf' ? 'subscriptions.allPdfOf' : 'subscriptions.allTecOf', { folder: folder.name })
            }
            onSend={send}
          >
            {participants.length === 0 ? (
              <Text size="xs" c="dimmed" fs="italic" px={4} py={6}>
                {t('subscriptions.emptyFolder')}
              </Text>
            ) : null}
            {participants.map((p) => {
              const sub = subOf(pmodel.subIndex, doc._id, p._id);
              const cell = { docId: doc._id, participantId: p._id };
              const roles = p.roles.map((id) => pmodel.roleById.get(id)?.name).filter(Boolean);
              return (
                <SubscriptionRow
                  key={p._id}
                  columns={CELLS}
                  cell={cell}
                  sub={sub}
                  name={p.name}
                  onToggle={(item) => send([item])}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end">
                      {p.name}
                    </Text>
                    {roles.length || p.company ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {[p.company, roles.join(', ')].filter(Boolean).join(' · ')}
                      </Text>
                    ) : null}
                  </Stack>
                </SubscriptionRow>
              );
            })}
          </SubscriptionGroup>
        );
      })}
    </Stack>
  );
}
