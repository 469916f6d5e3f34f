import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { FileDropzone } from '../../../components/file-dropzone/FileDropzone';
import { IconAlertTriangle, IconCloudUpload, IconFileStack, IconFileX, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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
  /** Several files dropped at once go to the plan set review of the plan's folder (plans only). */
  onPlanSet?: ((files: File[]) => void) | undefined;
}

/**
 * The drop zone of a version: files from the desktop or the file chooser (one file: the spec's
 * one file per upload). Every drop is checked before it starts (one file, known type, not yet
 * present) and a refusal is shown right at the zone, scrolled into view; several plan files get
 * the offer to upload them as a plan set instead.
 */
export function VersionDropzone({
  label,
  title,
  hint,
  compact = false,
  extensions = null,
  onFiles,
  onPlanSet,
}: VersionDropzoneProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ problem: string; files: File[] } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const check = (files: File[]) => {
    const problem = onFiles(files);
    setRefused(problem ? { problem, files } : null);
  };
  // The panel may be scrolled so that the zone's lower part is out of sight: the message is not.
  useEffect(() => {
    if (refused) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  const several = refused !== null && refused.files.length > 1 && onPlanSet !== undefined;
  return (
    <Stack gap={6}>
      <FileDropzone
        onDrop={check}
        onReject={(rejections) => check(rejections.map((r) => r.file))}
        onDragOver={(event) => {
          event.dataTransfer.dropEffect = dropEffectFor(event.altKey, event.dataTransfer.effectAllowed);
        }}
        multiple={false}
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
      {refused ? (
        <Alert
          ref={alertRef}
          color="red"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          role="alert"
          data-testid="version-dropzone-problem"
          withCloseButton
          closeButtonLabel={t('context.upload.dismiss')}
          onClose={() => setRefused(null)}
        >
          <Text size="sm" c="red.9">
            {refused.problem}
          </Text>
          {several ? (
            <Button
              size="compact-sm"
              variant="light"
              mt={6}
              leftSection={<IconFileStack size={14} />}
              onClick={() => {
                onPlanSet(refused.files);
                setRefused(null);
              }}
            >
              {t('context.dropzone.asPlanSet')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
