import { Badge, Button, Group, MultiSelect, Paper, Tabs } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '@plankurier/shared';
import { useProjectTeam } from '../../../api/use-office';
import { useScreen } from '../../../components/use-screen';
import type { ProjectModel } from '../model/project-model';
import { docLabel } from './event-sentence';
import { isFiltered, NO_FILTER, type TimelineFilter } from './use-timeline';

const FILTER_TABS = ['participantIds', 'docIds', 'phaseIds', 'actorIds'] as const;
type FilterTab = (typeof FILTER_TABS)[number];

const TAB_KEYS: Record<FilterTab, string> = {
  participantIds: 'participants',
  docIds: 'docs',
  phaseIds: 'phases',
  actorIds: 'actors',
};

interface TimelineFilterBarProps {
  model: ProjectModel;
  filter: TimelineFilter;
  onChange: (filter: TimelineFilter) => void;
}

/**
 * Filter tabs 'Empfänger', 'Pläne', 'Phasen' (spec §2), each a multi-select from the project bundle,
 * and 'Personen': the people of the office who work in the project.
 */
export function TimelineFilterBar({ model, filter, onChange }: TimelineFilterBarProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FilterTab>('participantIds');
  // Phones: the four tabs share one line.
  const phone = useScreen() === 'phone';
  const team = useProjectTeam(model.bundle.project._id).data;
  const options = useMemo<Record<FilterTab, { value: string; label: string }[]>>(
    () => ({
      participantIds: model.bundle.participants
        .map((p) => ({
          value: p._id,
          label: p.name && p.email && p.name !== p.email ? `${p.name} (${p.email})` : p.name || p.email,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      docIds: model.phases.flatMap((phase) =>
        (model.foldersByPhase.get(phase._id) ?? []).flatMap((folder) =>
          (model.docsByFolder.get(folder._id) ?? []).map((doc) => ({ value: doc._id, label: docLabel(doc) })),
        ),
      ),
      phaseIds: model.phases.map((phase) => ({
        value: phase._id,
        label: phase.name ? `${phase.shortcut} ${phase.name}` : phase.shortcut,
      })),
      actorIds: (team ?? [])
        .map((person) => ({ value: person._id, label: personName(person) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    }),
    [model, team],
  );
  const active = isFiltered(filter);

  return (
    <Paper withBorder radius="md" p="sm">
      <Tabs value={tab} onChange={(value) => value && setTab(value as FilterTab)} variant="pills" keepMounted={false}>
        <Group justify={phone ? 'flex-end' : 'space-between'} wrap="wrap" gap="xs">
          {/* On a phone the tabs fill their own line; 'Filter zurücksetzen' goes under them. */}
          <Tabs.List
            aria-label={t('timeline.filter.label')}
            grow={phone}
            style={phone ? { flex: '1 1 100%' } : undefined}
          >
            {FILTER_TABS.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                px={phone ? 6 : undefined}
                rightSection={
                  filter[key].length ? (
                    <Badge size="xs" circle aria-hidden>
                      {filter[key].length}
                    </Badge>
                  ) : null
                }
              >
                {t(`timeline.filter.tabs.${TAB_KEYS[key]}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {active ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} />}
              onClick={() => onChange(NO_FILTER)}
            >
              {t('timeline.filter.reset')}
            </Button>
          ) : null}
        </Group>
        {FILTER_TABS.map((key) => (
          <Tabs.Panel key={key} value={key} pt="sm">
            <MultiSelect
              label={t(`timeline.filter.select.${TAB_KEYS[key]}`)}
              placeholder={filter[key].length ? undefined : t('timeline.filter.placeholder')}
              data={options[key]}
              value={filter[key]}
              onChange={(ids) => onChange({ ...filter, [key]: ids })}
              searchable
              clearable
              nothingFoundMessage={t('timeline.filter.nothingFound')}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
