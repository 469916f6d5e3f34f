import { ActionIcon, Button, CloseButton, Group, Menu, TextInput, Tooltip } from '@mantine/core';
import { IconChevronDown, IconFileText, IconFilter, IconFolderPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { useScreen, useTouchSize } from '../../../components/use-screen';

interface DocsToolbarProps {
  filterOpen: boolean;
  filterText: string;
  onFilterText: (text: string) => void;
  onOpenFilter: () => void;
  onCloseFilter: () => void;
  onNewFolder: () => void;
  onNewPlan: () => void;
  onNewDocument: () => void;
  disabled: boolean;
  /** 'Planset hochladen' (features/projects/plan-sets). */
  planSetButton?: ReactNode;
}

/** Filter toggle and the create buttons above the plan list; on phones the create buttons share one menu. */
export function DocsToolbar(props: DocsToolbarProps) {
  const { t } = useTranslation();
  const phone = useScreen() === 'phone';
  const filterSize = useTouchSize('md');
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      {props.filterOpen ? (
        <TextInput
          autoFocus
          size="xs"
          w="16rem"
          miw={0}
          style={{ flexShrink: 1 }}
          aria-label={t('docs.filterLabel')}
          placeholder={t('docs.filterPlaceholder')}
          leftSection={<IconSearch size={14} />}
          value={props.filterText}
          onChange={(e) => props.onFilterText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') props.onCloseFilter();
          }}
          rightSection={<CloseButton size="sm" aria-label={t('docs.closeFilter')} onClick={props.onCloseFilter} />}
        />
      ) : (
        <Tooltip label={t('docs.filterLabel')} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="default"
            size={filterSize}
            aria-label={t('docs.filter')}
            onClick={props.onOpenFilter}
            disabled={props.disabled}
          >
            <IconFilter size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {props.planSetButton}
      {phone ? (
        <CreateMenu {...props} />
      ) : (
        <>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFolderPlus size={16} />}
            onClick={props.onNewFolder}
            disabled={props.disabled}
          >
            {t('docs.newFolder')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={props.onNewDocument}
            disabled={props.disabled}
          >
            {t('docs.newDocument')}
          </Button>
          <Button size="xs" leftSection={<IconPlus size={16} />} onClick={props.onNewPlan} disabled={props.disabled}>
            {t('docs.newPlan')}
          </Button>
        </>
      )}
    </Group>
  );
}

/** 'Neu ▾': the three create actions in one button, where three do not fit. */
function CreateMenu(props: DocsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={props.disabled}
          style={{ flexShrink: 0 }}
        >
          {t('docs.newMenu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlus size={14} />} onClick={props.onNewPlan}>
          {t('docs.newPlan')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={14} />} onClick={props.onNewDocument}>
          {t('docs.newDocument')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={props.onNewFolder}>
          {t('docs.newFolder')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
