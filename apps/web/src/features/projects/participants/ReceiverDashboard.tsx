import { Box, CloseButton, Group, ScrollArea, Tabs } from '@mantine/core';
import type { ParticipantDto } from '@plankurier/shared';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyHint } from '../../../components/EmptyHint';
import type { ProjectModel } from '../model/project-model';
import { SidePanel } from '../page/SidePanel';
import { ContactPicker } from './ContactPicker';
import type { ParticipantModel } from './participant-model';
import { ParticipantPanel } from './ParticipantPanel';
import { useTouchSize } from '../../../components/use-screen';

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
  /** Closes the panel where it floats over the list (tablets, phones). */
  onClose?: () => void;
}

/** The side panel of the participants tab: the selected participant, or the contact picker. */
export function ReceiverDashboard(props: ReceiverDashboardProps) {
  const { t } = useTranslation();
  const closeSize = useTouchSize('md');
  const { model, pmodel, selected } = props;
  return (
    <SidePanel label={t('participants.dashboard.label')} height={props.height}>
      <Tabs
        value={props.tab}
        onChange={(value) => value && props.onTab(value as DashboardTab)}
        keepMounted={false}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Group gap={0} wrap="nowrap" align="center">
          <Tabs.List px="sm" pt={4} style={{ flex: 1 }}>
            <Tabs.Tab value="participants">{t('participants.dashboard.tabs.participants')}</Tabs.Tab>
            <Tabs.Tab value="contacts">{t('participants.dashboard.tabs.contacts')}</Tabs.Tab>
          </Tabs.List>
          {props.onClose ? (
            <CloseButton
              mx="sm"
              size={closeSize}
              aria-label={t('participants.dashboard.close')}
              onClick={props.onClose}
            />
          ) : null}
        </Group>
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
                  onClose={props.onClose ? undefined : props.onClearSelection}
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
    </SidePanel>
  );
}
