import { Box, Paper, ScrollArea, Tabs } from '@mantine/core';
import type { ParticipantDto } from '@plankurier/shared';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import type { ProjectModel } from '../model/project-model';
import { ContactPicker } from './ContactPicker';
import type { ParticipantModel } from './participant-model';
import { ParticipantPanel } from './ParticipantPanel';

export type DashboardTab = 'participants' | 'contacts';

interface ReceiverDashboardProps {
  model: ProjectModel;
  pmodel: ParticipantModel;
  height: number;
  tab: DashboardTab;
  onTab: (tab: DashboardTab) => void;
  selected: ParticipantDto | undefined;
  focusRoles: number;
  onClearSelection: () => void;
}

/** The right-hand panel of the participants tab: the selected participant, or the contact picker. */
export function ReceiverDashboard(props: ReceiverDashboardProps) {
  const { t } = useTranslation();
  const { model, pmodel, selected } = props;
  return (
    <Paper
      withBorder
      radius="md"
      component="aside"
      aria-label={t('participants.dashboard.label')}
      w="28rem"
      h={props.height}
      style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Tabs
        value={props.tab}
        onChange={(value) => value && props.onTab(value as DashboardTab)}
        keepMounted={false}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Tabs.List px="sm" pt={4}>
          <Tabs.Tab value="participants">{t('participants.dashboard.tabs.participants')}</Tabs.Tab>
          <Tabs.Tab value="contacts">{t('participants.dashboard.tabs.contacts')}</Tabs.Tab>
        </Tabs.List>
        <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
          <Box p="md">
            <Tabs.Panel value="participants">
              {selected ? (
                <ParticipantPanel
                  key={selected._id}
                  model={model}
                  pmodel={pmodel}
                  participant={selected}
                  focusRoles={props.focusRoles}
                  onClose={props.onClearSelection}
                />
              ) : (
                <EmptyHint
                  icon={<IconUserSearch size={28} />}
                  title={t('participants.selectHintTitle')}
                  text={t('participants.selectHintText')}
                />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="contacts">
              <ContactPicker model={model} pmodel={pmodel} />
            </Tabs.Panel>
          </Box>
        </ScrollArea>
      </Tabs>
    </Paper>
  );
}
