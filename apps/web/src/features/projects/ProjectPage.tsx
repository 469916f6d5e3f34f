import { Box, Button, Group, Stack, Tabs, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarTime, IconFiles, IconLayoutGrid, IconSend, IconSettings, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { useProjectBundle } from '../../api/use-project';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageLoader } from '../../components/PageLoader';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageTitle } from '../../components/use-page-title';
import { useScreen, type Screen } from '../../components/use-screen';
import { errorText } from '../../notifications/error-text';
import { DeliverMode } from './deliver/DeliverMode';
import { useDeliverMode } from './deliver/use-deliver-mode';
import { DocsTab } from './docs/DocsTab';
import { buildProjectModel } from './model/project-model';
import { projectLabel } from './model/project-label';
import { ParticipantsTab } from './participants/ParticipantsTab';
import { PlanGridTab } from './plan-grid/PlanGridTab';
import { PrintDock } from './prints/PrintDock';
import { SettingsTab } from './settings/SettingsTab';
import { TimelineTab } from './timeline/TimelineTab';
import { useRemovalFromProject } from './use-removal-from-project';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

const PROJECT_TABS = ['docs', 'participants', 'timeline', 'plan_grid', 'settings'] as const;
type ProjectTab = (typeof PROJECT_TABS)[number];
const isProjectTab = (value: string | null): value is ProjectTab => PROJECT_TABS.includes(value as ProjectTab);

const TAB_ICONS: Record<ProjectTab, typeof IconFiles> = {
  docs: IconFiles,
  participants: IconUsers,
  timeline: IconCalendarTime,
  plan_grid: IconLayoutGrid,
  settings: IconSettings,
};

/**
 * The project screen: tabs, phase chips and the plan list with its context bar (spec §2). One per
 * project: switching to another project (same route) starts afresh, its first phase selected, with
 * no deliver mode or selection carried over; its bundle is loaded, which marks it as opened for 'Aktuell'.
 */
export default function ProjectPage() {
  const { projectId = '' } = useParams();
  return <ProjectScreen key={projectId} projectId={projectId} />;
}

function ProjectScreen({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: ProjectTab = isProjectTab(tabParam) ? tabParam : 'docs';
  const bundle = useProjectBundle(projectId, { opening: true });
  const model = useMemo(() => (bundle.data ? buildProjectModel(bundle.data) : null), [bundle.data]);
  const [chosenPhaseId, setChosenPhaseId] = useState<string | null>(null);
  const deliver = useDeliverMode(model);
  const screen = useScreen();
  useRemovalFromProject(projectId, model ? projectLabel(model.bundle.project) : '');
  usePageTitle(model ? projectLabel(model.bundle.project) : bundle.isError ? t('project.notFoundTitle') : undefined);

  if (bundle.isPending) return <PageLoader label={t('project.loading')} />;
  if (bundle.isError || !model) {
    if (isApiError(bundle.error) && (bundle.error.status === 404 || bundle.error.status === 400)) {
      return <NotFoundPanel title={t('project.notFoundTitle')} text={t('project.notFoundText')} />;
    }
    return (
      <StatusPanel
        icon={<IconFiles size={28} />}
        color="red"
        title={t('routeError.title')}
        action={<Button onClick={() => void bundle.refetch()}>{t('common.retry')}</Button>}
      >
        {errorText(bundle.error)}
      </StatusPanel>
    );
  }

  // After loading, the first phase is selected; a phase that was deleted falls back to the first one.
  const phaseId = model.phases.some((p) => p._id === chosenPhaseId) ? chosenPhaseId : (model.phases[0]?._id ?? null);

  const selectTab = (value: string | null) => {
    if (!isProjectTab(value)) return;
    setSearchParams(value === 'docs' ? {} : { tab: value }, { replace: true });
  };

  // Deliver mode replaces the tabs (and with them the participant picker) until it is left.
  if (deliver.state.active) {
    return (
      <Box mx={-8}>
        <DeliverMode
          model={model}
          state={deliver.state}
          dispatch={deliver.dispatch}
          phaseId={phaseId}
          onSelectPhase={setChosenPhaseId}
        />
      </Box>
    );
  }

  const enterDeliverMode = (docIds?: readonly string[]) => {
    const firstPhase = deliver.enter(tab === 'participants' ? 'participants' : 'docs', docIds);
    if (firstPhase) setChosenPhaseId(firstPhase);
  };

  return (
    <Stack gap="sm" mx={-8}>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Group gap="md" wrap="nowrap" align="flex-end" style={{ borderBottom: '1px solid var(--tab-border-color)' }}>
          <Tabs.List
            aria-label={t('project.tabsLabel')}
            flex={1}
            style={{ '--tab-border-color': 'transparent', flexWrap: 'nowrap', minWidth: 0 }}
          >
            {PROJECT_TABS.map((value) => (
              <ProjectTabButton key={value} value={value} label={t(`project.tabs.${value}`)} screen={screen} />
            ))}
          </Tabs.List>
          <Tooltip
            label={t('deliver.nothingToDeliver')}
            disabled={model.bundle.subs.length > 0}
            openDelay={ICON_TOOLTIP_DELAY_MS}
          >
            <Box mb={5} style={{ flexShrink: 0 }}>
              <Button
                size="sm"
                color="orange"
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={() => enterDeliverMode()}
                disabled={model.bundle.subs.length === 0}
              >
                {t('deliver.enter')}
              </Button>
            </Box>
          </Tooltip>
        </Group>
        <Box pt="md">
          <Tabs.Panel value="docs">
            <DocsTab
              model={model}
              phaseId={phaseId}
              onSelectPhase={setChosenPhaseId}
              onOpenSettings={() => selectTab('settings')}
              onDeliverDocs={enterDeliverMode}
            />
          </Tabs.Panel>
          <Tabs.Panel value="participants">
            <ParticipantsTab model={model} />
          </Tabs.Panel>
          <Tabs.Panel value="timeline">
            <TimelineTab model={model} />
          </Tabs.Panel>
          <Tabs.Panel value="plan_grid">
            <PlanGridTab model={model} onOpenTab={selectTab} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab model={model} />
          </Tabs.Panel>
        </Box>
      </Tabs>
      <PrintDock projectId={projectId} />
    </Stack>
  );
}

/**
 * One project tab: icon and name on desktops, the name alone on tablets, and on phones the icon alone
 * (named for screen readers, with a tooltip), so that all five fit beside 'Versand' without scrolling.
 */
function ProjectTabButton({ value, label, screen }: { value: ProjectTab; label: string; screen: Screen }) {
  const Icon = TAB_ICONS[value];
  if (screen === 'phone') {
    return (
      <Tooltip label={label} openDelay={ICON_TOOLTIP_DELAY_MS}>
        <Tabs.Tab value={value} px="sm" py={12}>
          <Icon size={20} aria-hidden style={{ display: 'block' }} />
          <VisuallyHidden>{label}</VisuallyHidden>
        </Tabs.Tab>
      </Tooltip>
    );
  }
  return (
    <Tabs.Tab value={value} leftSection={screen === 'desktop' ? <Icon size={16} aria-hidden /> : undefined}>
      {label}
    </Tabs.Tab>
  );
}
