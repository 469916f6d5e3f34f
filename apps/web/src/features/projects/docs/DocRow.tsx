import { Badge, Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { formatDate, type DocDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import type { DocRowInfo } from '../model/project-model';
import { DeliverDot } from '../participants/DeliverDot';
import type { DownloadState } from '../participants/download-state';
import { DownloadDot } from '../participants/DownloadDot';
import { DOC_GRID, tabular } from './columns';
import type { RowDrag } from './SortableRow';

interface DocRowProps {
  doc: DocDto;
  info: DocRowInfo;
  /** Aggregate download state over the doc's subscriptions. */
  download: DownloadState | null;
  selected: boolean;
  onSelect: () => void;
  drag: RowDrag;
}

/** One plan or document: delivery and download state, number, name, current index, release date, formats and page format. */
export function DocRow({ doc, info, download, selected, onSelect, drag }: DocRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      onClick={onSelect}
      {...drag.rowListeners}
      h="100%"
      px={4}
      style={{
        display: 'grid',
        gridTemplateColumns: DOC_GRID,
        alignItems: 'center',
        columnGap: 'var(--mantine-spacing-sm)',
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: selected ? 'var(--mantine-color-brand-0)' : undefined,
        boxShadow: selected ? 'inset 3px 0 0 var(--mantine-color-brand-6)' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap">
        <DeliverDot state={doc.state.deliver} />
        <DownloadDot state={download} />
      </Group>
      {drag.handle}
      <Text size="sm" fw={600} truncate="end" style={tabular}>
        {doc.number}
      </Text>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <UnstyledButton
          aria-pressed={selected}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
          style={{ minWidth: 0 }}
        >
          <Text size="sm" truncate="end">
            {doc.name}
          </Text>
        </UnstyledButton>
        {info.preparedIndex ? (
          <Tooltip label={t('docs.preparedIndex', { index: info.preparedIndex })} openDelay={ICON_TOOLTIP_DELAY_MS}>
            <Badge size="xs" variant="light" color="yellow" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {t('docs.prepared')}
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
      <Text size="sm" fw={700} style={tabular}>
        {info.currentIndex ?? ''}
      </Text>
      <Text size="sm" c="dimmed" style={tabular}>
        {info.releaseDate ? formatDate(info.releaseDate, currentLocale()) : ''}
      </Text>
      <Group gap={4} wrap="nowrap">
        {info.formats.map((format) => (
          <Badge key={format} size="xs" variant="outline" color="gray" radius="sm">
            {format}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed" style={tabular}>
        {info.pageFormat ?? ''}
      </Text>
    </Box>
  );
}
