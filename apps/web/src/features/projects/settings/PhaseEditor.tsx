import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { moveItem, phaseFormProblems, type PhaseDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phaseApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { FormSection } from '../../../components/FormSection';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { withPhaseOrder } from '../model/bundle-patches';
import { dragAccessibility } from '../folders/drag-announcements';
import { draftsOf, phaseChanges, type PhaseDraftRow } from '../model/phase-drafts';
import { AddPhaseForm } from './AddPhaseForm';
import { isActedMeanwhile } from '../../../api/api-error';

const GRID = '2rem minmax(5rem, 9rem) minmax(8rem, 1fr) 2.25rem';

/** The phase editor: rename in place, reorder by drag, delete (refused while the phase holds docs), add. */
export function PhaseEditor({ projectId, phases }: { projectId: string; phases: PhaseDto[] }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<PhaseDraftRow[]>(() => draftsOf(phases));
  const [showErrors, setShowErrors] = useState(false);
  // A colleague changed a phase meanwhile (409): the drafts give way to the phases as they are now.
  const [discardDrafts, setDiscardDrafts] = useState(false);
  const changes = phaseChanges(phases, drafts);

  // Phases added, removed or reordered elsewhere: start from the server's state unless the user is editing.
  const phaseKey = phases.map((p) => `${p._id}:${p.shortcut}:${p.name}:${p.rev}`).join('|');
  useEffect(() => {
    setDrafts((current) =>
      phaseChanges(phases, current).length && !discardDrafts
        ? current.filter((d) => phases.some((p) => p._id === d._id))
        : draftsOf(phases),
    );
    setDiscardDrafts(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- phaseKey stands for phases
  }, [phaseKey]);

  const problems = phaseFormProblems(drafts);
  const hasProblems = problems.some((p) => p.name || p.shortcut);

  const order = useProjectMutation(
    projectId,
    (phaseIds: string[]) => phaseApi.order(projectId, phaseIds),
    (bundle, phaseIds) => withPhaseOrder(bundle, phaseIds),
  );
  const save = useProjectMutation(projectId, async (list: typeof changes) => {
    for (const change of list) await phaseApi.update(change._id, change.body);
  });
  const remove = useProjectMutation(projectId, (phaseId: string) => phaseApi.remove(phaseId));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  // Phases are named as they read (shortcut and name); any drop on another phase reorders.
  const accessibility = useMemo(
    () =>
      dragAccessibility(
        t,
        (id) => {
          const draft = drafts.find((d) => d._id === id);
          return draft && { role: 'item', name: [draft.shortcut, draft.name].filter(Boolean).join(' ') };
        },
        (activeId, overId) => activeId !== overId,
      ),
    [t, drafts],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = drafts.map((d) => d._id);
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    setDrafts(moveItem(drafts, from, to));
    order.mutate(moveItem(ids, from, to), { onError: notifyError });
  };
  const setField = (id: string, field: 'shortcut' | 'name', value: string) =>
    setDrafts((current) => current.map((d) => (d._id === id ? { ...d, [field]: value } : d)));
  const submit = () => {
    setShowErrors(true);
    if (hasProblems || changes.length === 0) return;
    save.mutate(changes, {
      onSuccess: () => {
        setShowErrors(false);
        notifySuccess('message_data_updated');
      },
      onError: (err) => {
        if (isActedMeanwhile(err)) setDiscardDrafts(true);
        notifyError(err);
      },
    });
  };
  const confirmDelete = (phase: PhaseDraftRow) => {
    const saved = phases.find((p) => p._id === phase._id);
    modals.openConfirmModal({
      title: t('settings.deletePhaseTitle', { shortcut: saved?.shortcut ?? phase.shortcut }),
      children: t('settings.deletePhaseText', { name: saved?.name ?? phase.name }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(phase._id, { onSuccess: () => notifySuccess('message_data_updated'), onError: notifyError }),
    });
  };

  return (
    <FormSection title={t('settings.phasesTitle')} description={t('settings.phasesIntro')}>
      <Stack gap="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap={6}>
            <Group gap="sm" style={{ display: 'grid', gridTemplateColumns: GRID }} aria-hidden>
              <span />
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {t('settings.shortcut')}
              </Text>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {t('settings.phaseName')}
              </Text>
              <span />
            </Group>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              accessibility={accessibility}
              onDragEnd={onDragEnd}
            >
              <SortableContext items={drafts.map((d) => d._id)} strategy={verticalListSortingStrategy}>
                {drafts.map((draft, i) => (
                  <PhaseRow
                    key={draft._id}
                    draft={draft}
                    position={i + 1}
                    problems={
                      showErrors || draft.shortcut !== phases.find((p) => p._id === draft._id)?.shortcut
                        ? problems[i]!
                        : {}
                    }
                    showNameProblem={showErrors}
                    onChange={setField}
                    onDelete={() => confirmDelete(draft)}
                  />
                ))}
              </SortableContext>
            </DndContext>
            <Group justify="flex-end" mt="xs">
              <Button type="submit" disabled={changes.length === 0} loading={save.isPending}>
                {t('settings.savePhases')}
              </Button>
            </Group>
          </Stack>
        </form>
        <AddPhaseForm projectId={projectId} existingShortcuts={phases.map((p) => p.shortcut)} />
      </Stack>
    </FormSection>
  );
}

interface PhaseRowProps {
  draft: PhaseDraftRow;
  position: number;
  problems: { name?: string; shortcut?: string };
  showNameProblem: boolean;
  onChange: (id: string, field: 'shortcut' | 'name', value: string) => void;
  onDelete: () => void;
}

function PhaseRow({ draft, position, problems, showNameProblem, onChange, onDelete }: PhaseRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: draft._id,
    attributes: { roleDescription: t('dragAnnounce.roleDescription') },
  });
  return (
    <div
      ref={setNodeRef}
      style={{
        display: 'grid',
        gridTemplateColumns: GRID,
        gap: 'var(--mantine-spacing-sm)',
        alignItems: 'flex-start',
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        mt={4}
        aria-label={t('settings.dragPhase', { shortcut: draft.shortcut })}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <TextInput
        aria-label={t('settings.shortcutOf', { position })}
        value={draft.shortcut}
        onChange={(e) => onChange(draft._id, 'shortcut', e.currentTarget.value)}
        error={problems.shortcut ? t(`msg.${problems.shortcut}`) : undefined}
        styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
      />
      <TextInput
        aria-label={t('settings.nameOf', { position })}
        value={draft.name}
        onChange={(e) => onChange(draft._id, 'name', e.currentTarget.value)}
        error={showNameProblem && problems.name ? t(`msg.${problems.name}`) : undefined}
      />
      <Tooltip label={t('settings.deletePhase', { shortcut: draft.shortcut })} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          aria-label={t('settings.deletePhase', { shortcut: draft.shortcut })}
          onClick={onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
