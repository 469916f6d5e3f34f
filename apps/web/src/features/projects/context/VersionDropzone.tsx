import { Group, Stack, Text } from '@mantine/core';
import { FileDropzone } from '../../../components/file-dropzone/FileDropzone';
import { IconCloudUpload, IconFileX, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropEffectFor } from '../model/drop-effect';

interface VersionDropzoneProps {
  label: string;
  title: string;
  hint: string;
  compact?: boolean;
  /** Extensions the file chooser offers (null: any file); drops are checked by `onFiles` alone. */
  extensions?: readonly string[] | null;
  /** Checks and starts the upload; answers with the translated problem when a rule is broken. */
  onFiles: (files: File[]) => string | null;
}

/**
 * The drop zone of a version: files from the desktop or the file chooser. Every drop is checked
 * before it starts (one file, known type, not yet present) and a refusal is shown right here.
 */
export function VersionDropzone({
  label,
  title,
  hint,
  compact = false,
  extensions = null,
  onFiles,
}: VersionDropzoneProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack gap={6}>
      <FileDropzone
        onDrop={(files) => setProblem(onFiles(files))}
        onReject={(rejections) => setProblem(onFiles(rejections.map((r) => r.file)))}
        onDragOver={(event) => {
          event.dataTransfer.dropEffect = dropEffectFor(event.altKey, event.dataTransfer.effectAllowed);
        }}
        multiple
        radius="md"
        p={compact ? 'sm' : 'lg'}
        aria-label={label}
        data-testid="version-dropzone"
        inputProps={{ 'aria-label': label, ...(extensions ? { accept: extensions.join(',') } : {}) }}
      >
        <Group justify="center" gap="md" wrap="nowrap" mih={compact ? 40 : 88} style={{ pointerEvents: 'none' }}>
          <FileDropzone.Accept>
            <IconUpload size={compact ? 24 : 36} color="var(--mantine-color-brand-6)" />
          </FileDropzone.Accept>
          <FileDropzone.Reject>
            <IconFileX size={compact ? 24 : 36} color="var(--mantine-color-red-6)" />
          </FileDropzone.Reject>
          <FileDropzone.Idle>
            <IconCloudUpload size={compact ? 24 : 36} color="var(--mantine-color-gray-5)" />
          </FileDropzone.Idle>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <FileDropzone.Accept>{t('context.dropzone.accept')}</FileDropzone.Accept>
              <FileDropzone.Reject>{t('context.dropzone.reject')}</FileDropzone.Reject>
              <FileDropzone.Idle>{title}</FileDropzone.Idle>
            </Text>
            {compact ? null : (
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </Stack>
        </Group>
      </FileDropzone>
      {problem ? (
        <Text size="sm" c="red.7" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
