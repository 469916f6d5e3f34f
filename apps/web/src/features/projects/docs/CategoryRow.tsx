import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { FolderCategory } from '@plankurier/shared';
import { IconLayoutNavbarCollapse, IconLayoutNavbarExpand } from '@tabler/icons-react';
import { useRowT } from '../../../i18n/use-row-t';
import { ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';

/** 'Pläne' / 'Dokumente' with open-all and close-all for the folders of that kind. */
export function CategoryRow({
  category,
  onSetAll,
}: {
  category: FolderCategory;
  onSetAll: (collapsed: boolean) => void;
}) {
  const t = useRowT();
  const name = t(`docs.category.${category}`);
  return (
    <Group h="100%" px="xs" justify="space-between" wrap="nowrap" style={{ alignItems: 'flex-end', paddingBottom: 6 }}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {name}
      </Text>
      <Group gap={2} wrap="nowrap">
        <Tooltip label={t('docs.openAll', { category: name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('docs.openAll', { category: name })}
            onClick={() => onSetAll(false)}
          >
            <IconLayoutNavbarExpand size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('docs.closeAll', { category: name })} openDelay={ICON_TOOLTIP_DELAY_MS}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('docs.closeAll', { category: name })}
            onClick={() => onSetAll(true)}
          >
            <IconLayoutNavbarCollapse size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
