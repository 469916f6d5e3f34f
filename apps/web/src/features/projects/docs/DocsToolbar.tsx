import { ActionIcon, Button, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconFilter, IconFolderPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

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
}

/** Filter toggle and the create buttons above the plan list. */
export function DocsToolbar(props: DocsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {props.filterOpen ? (
        <TextInput
          autoFocus
          size="xs"
          w="16rem"
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
            size="md"
            aria-label={t('docs.filter')}
            onClick={props.onOpenFilter}
            disabled={props.disabled}
          >
            <IconFilter size={16} />
          </ActionIcon>
        </Tooltip>
      )}
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
    </Group>
  );
}
