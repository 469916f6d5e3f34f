import { subOf } from '../model/sub-index';
import { ActionIcon, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPinFilled } from '@tabler/icons-react';
import type { ParticipantDto } from '@plankurier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../notifications/notify';
import { tabular } from '../docs/columns';
import type { ProjectModel } from '../model/project-model';
import { SubscriptionRow } from './SubscriptionRow';
import { formatToggleItems, type ParticipantModel } from './participant-model';
import { SubscriptionGroup } from './SubscriptionGroup';
import { useSubscriptionToggle } from './use-participant-mutations';
import { useRemoveStandingRule, useStandingRuleChange } from '../plan-grid/use-standing-rules';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

/** The last column holds the 'DWG/DXF' head, wider than the 'PDF' one. */
const CELLS = '1.5rem minmax(4rem, 6rem) minmax(0, 1fr) 2.5rem 4rem';

interface Props {
  model: ProjectModel;
  pmodel: ParticipantModel;
  participant: ParticipantDto;
}

/**
 * Which plans one participant gets: per doc PDF and TEC, per folder 'alle Pläne dieses Ordners' —
 * which also holds for plans added to the folder later (a standing subscription), until ended here.
 */
export function ParticipantSubscriptions({ model, pmodel, participant }: Props) {
  const { t } = useTranslation();
  const projectId = model.bundle.project._id;
  // Starts in the first phase that holds docs.
  const [phaseId, setPhaseId] = useState<string | null>(
    () =>
      model.phases.find((phase) =>
        (model.foldersByPhase.get(phase._id) ?? []).some((f) => (model.docsByFolder.get(f._id) ?? []).length > 0),
      )?._id ??
      model.phases[0]?._id ??
      null,
  );
  const toggle = useSubscriptionToggle(projectId);
  const ruleChange = useStandingRuleChange(projectId);
  const removeRule = useRemoveStandingRule(projectId);
  const folders = phaseId ? (model.foldersByPhase.get(phaseId) ?? []) : [];
  const send = (items: ReturnType<typeof formatToggleItems>) => {
    if (items.length) toggle.mutate(items, { onError: notifyError });
  };

  return (
    <Stack gap="sm">
      <Select
        label={t('participants.subs.phase')}
        data={model.phases.map((p) => ({ value: p._id, label: `${p.shortcut} ${p.name}`.trim() }))}
        value={phaseId}
        onChange={setPhaseId}
        allowDeselect={false}
        size="xs"
      />
      <FormatHeads />
      {folders.every((f) => (model.docsByFolder.get(f._id) ?? []).length === 0) ? (
        <Text size="sm" c="dimmed">
          {t('participants.subs.noDocs')}
        </Text>
      ) : null}
      {folders.map((folder) => {
        const docs = model.docsByFolder.get(folder._id) ?? [];
        if (docs.length === 0) return null;
        const rule = model.bundle.standingSubs.find(
          (r) => r.participant === participant._id && r.folder === folder._id,
        );
        const removeHint = t('participants.subs.removeRuleHint', { folder: folder.name });
        return (
          <SubscriptionGroup
            key={folder._id}
            name={folder.name}
            hint={t(rule ? 'participants.subs.standingFolder' : 'participants.subs.allOfFolder')}
            columns={CELLS}
            cells={docs.map((d) => ({ docId: d._id, participantId: participant._id }))}
            subIndex={pmodel.subIndex}
            bulkLabel={(format) =>
              t(format === 'pdf' ? 'participants.subs.folderPdf' : 'participants.subs.folderTec', {
                folder: folder.name,
              })
            }
            bulkNote={(format) =>
              rule && (format === 'pdf' ? rule.getsPdf : rule.getsTec)
                ? t('planGrid.standing', { group: folder.name })
                : undefined
            }
            onSend={send}
            onBulk={(format, on, cells) =>
              ruleChange.mutate(
                {
                  rules: [
                    {
                      participantId: participant._id,
                      folderId: folder._id,
                      [format === 'pdf' ? 'getsPdf' : 'getsTec']: on,
                    },
                  ],
                  cells,
                },
                { onError: notifyError },
              )
            }
            action={
              rule ? (
                <Tooltip label={removeHint} openDelay={ICON_TOOLTIP_DELAY_MS} multiline maw="28rem">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="orange"
                    aria-label={removeHint}
                    onClick={() => removeRule.mutate(rule._id, { onError: notifyError })}
                  >
                    <IconPinFilled size={14} />
                  </ActionIcon>
                </Tooltip>
              ) : null
            }
          >
            {docs.map((doc) => {
              const sub = subOf(pmodel.subIndex, doc._id, participant._id);
              const cell = { docId: doc._id, participantId: participant._id };
              const name = `${doc.number} ${doc.name}`.trim();
              return (
                <SubscriptionRow
                  key={doc._id}
                  columns={CELLS}
                  cell={cell}
                  sub={sub}
                  name={name}
                  onToggle={(item) => send([item])}
                >
                  <Text size="sm" fw={600} truncate="end" style={tabular}>
                    {doc.number}
                  </Text>
                  <Text size="sm" truncate="end" title={doc.name}>
                    {doc.name}
                  </Text>
                </SubscriptionRow>
              );
            })}
          </SubscriptionGroup>
        );
      })}
    </Stack>
  );
}

/** The column heads above the PDF and DWG/DXF checkboxes. */
export function FormatHeads() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" justify="flex-end" px={4} mb={-8}>
      <Text size="xs" fw={700} c="dimmed" w="2.5rem">
        {t('subscriptions.pdf')}
      </Text>
      <Tooltip label={t('subscriptions.tecHint')} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <Text size="xs" fw={700} c="dimmed" w="4rem">
          {t('subscriptions.tec')}
        </Text>
      </Tooltip>
    </Group>
  );
}
