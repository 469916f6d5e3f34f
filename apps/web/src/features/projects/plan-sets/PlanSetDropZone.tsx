import { Box, Stack, Text } from '@mantine/core';
import type { DocFolderDto } from '@plankurier/shared';
import { IconFileStack } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PlanSetDropZoneProps {
  /** The folders of the phase on screen: a drop onto one of their rows goes there. */
  folders: readonly DocFolderDto[];
  /** Where a drop elsewhere on the list goes (the phase's first plan folder). */
  fallbackFolderId: string | null;
  onFiles: (files: File[], folderId: string) => void;
  children: ReactNode;
}

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * The plan list as a drop target for files from the desktop (a plan set): the folder under the
 * pointer takes new plans, shown while dragging. Rows dragged inside the list are not files and
 * pass through to the list's own drag and drop.
 */
export function PlanSetDropZone({ folders, fallbackFolderId, onFiles, children }: PlanSetDropZoneProps) {
  const { t } = useTranslation();
  const [folderId, setFolderId] = useState<string | null>(null);
  const depth = useRef(0);

  const folderUnder = (target: EventTarget | null): string | null => {
    const id = target instanceof Element ? target.closest('[data-folder-id]')?.getAttribute('data-folder-id') : null;
    return id && folders.some((f) => f._id === id) ? id : fallbackFolderId;
  };
  const over = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setFolderId(folderUnder(e.target));
  };
  const folder = folders.find((f) => f._id === folderId);

  return (
    <Box
      style={{ position: 'relative', flex: 1, minWidth: 0, display: 'flex' }}
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        depth.current++;
        over(e);
      }}
      onDragOver={over}
      onDragLeave={(e) => {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setFolderId(null);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        const target = folderUnder(e.target);
        setFolderId(null);
        const files = Array.from(e.dataTransfer.files);
        if (target && files.length > 0) onFiles(files, target);
      }}
      data-testid="plan-set-drop-zone"
    >
      {children}
      {folderId ? (
        <Stack
          align="center"
          justify="center"
          gap={6}
          style={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            border: '2px dashed var(--mantine-color-brand-5)',
            background: 'color-mix(in srgb, var(--mantine-color-brand-0) 88%, transparent)',
            zIndex: 5,
          }}
        >
          <IconFileStack size={36} color="var(--mantine-color-brand-6)" aria-hidden />
          <Text fw={600}>{t('planSet.dropHere')}</Text>
          {folder ? <Text size="sm">{t('planSet.dropInto', { folder: folder.name })}</Text> : null}
          <Text size="xs" c="dimmed" ta="center" px="md">
            {t('planSet.dropHint')}
          </Text>
        </Stack>
      ) : null}
    </Box>
  );
}
