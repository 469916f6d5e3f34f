import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { fileFormat, formatFileSize, type FileDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { IconDownload, IconEye, IconFile, IconLock, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanThumbnail } from '../../previews/PlanThumbnail';
import { isViewableKind, officeViewerPath } from '../../previews/viewable-file';
import { fileApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { tabular } from '../docs/columns';
import { fileFormatLabel, fileSizeFact } from './file-facts';

const KIND_COLORS: Record<FileDto['kind'], string> = {
  pdf: 'red',
  dwg: 'blue',
  dxf: 'teal',
  addon: 'grape',
  other: 'indigo',
};

/** A file name that breaks after its separators ('A-101_A_…'), not in the middle of a word. */
function breakableName(name: string) {
  return name.split(/(?<=[_\-.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * A file of a version: kind, name, size, a PDF's page size and format or a drawing's extents and
 * release, encrypted flag, download, delete.
 */
export function FileRow({ projectId, file, canDelete }: { projectId: string; file: FileDto; canDelete: boolean }) {
  const { t } = useTranslation();
  const remove = useProjectMutation(projectId, (fileId: string) => fileApi.remove(fileId));
  const download = () =>
    fileApi
      .downloadLink(file._id)
      .then(({ url }) => window.location.assign(url))
      .catch(notifyError);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('context.file.deleteTitle'),
      children: t('context.file.deleteText', { name: file.filename }),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file._id, { onSuccess: () => notifySuccess('message_file_deleted'), onError: notifyError }),
    });

  const locale = currentLocale();
  const formatLabel = fileFormatLabel(file);
  const details = [
    formatFileSize(file.size, locale),
    fileSizeFact(file, t, locale),
    file.pdfPages && file.pdfPages > 1 ? t('context.file.pages', { count: file.pdfPages }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Box
      py={8}
      px="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      role="group"
      aria-label={file.filename}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {file.preview !== null ? (
          <Link to={officeViewerPath(projectId, file._id)} aria-label={t('viewer.openPlan', { name: file.filename })}>
            <PlanThumbnail source={{ fileId: file._id, preview: file.preview }} width={64} height={46} alt="" />
          </Link>
        ) : (
          <IconFile
            size={20}
            color={`var(--mantine-color-${KIND_COLORS[file.kind]}-6)`}
            aria-hidden
            style={{ flexShrink: 0 }}
          />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {/* The whole name, on more lines when needed: plan files differ at their ends (index, part). */}
          <Text size="sm" fw={500} title={file.filename} style={{ overflowWrap: 'anywhere' }} data-testid="file-name">
            {breakableName(file.filename)}
          </Text>
          {/* The facts on the left, the actions at the right: the name above has the whole width. */}
          <Group justify="space-between" gap={6} wrap="nowrap" align="flex-end">
            <Group gap={6} wrap="wrap" style={{ rowGap: 2, minWidth: 0 }}>
              <Badge size="xs" variant="light" color={KIND_COLORS[file.kind]} radius="sm" style={{ flexShrink: 0 }}>
                {file.kind === 'addon' ? t('context.file.addon') : fileFormat(file).toUpperCase()}
              </Badge>
              {file.isEncrypted ? (
                <Badge
                  size="xs"
                  variant="light"
                  color="orange"
                  c="orange.9"
                  radius="sm"
                  leftSection={<IconLock size={10} aria-hidden />}
                  style={{ flexShrink: 0 }}
                  data-testid="file-encrypted"
                >
                  {t('context.file.encrypted')}
                </Badge>
              ) : null}
              {/* The paper format keeps its word; it goes under the details when the panel is narrow. */}
              <Text size="xs" c="dimmed" style={tabular}>
                {details}
              </Text>
              {formatLabel ? (
                <Badge size="xs" variant="outline" color="gray.7" radius="sm" style={{ ...tabular, flexShrink: 0 }}>
                  {formatLabel}
                </Badge>
              ) : null}
            </Group>
            <Group gap={2} wrap="nowrap">
              {isViewableKind(file.kind) ? (
                <Tooltip label={t('viewer.openPlan', { name: file.filename })} openDelay={ICON_TOOLTIP_DELAY_MS}>
                  <ActionIcon
                    component={Link}
                    to={officeViewerPath(projectId, file._id)}
                    variant="subtle"
                    size="md"
                    aria-label={t('viewer.openPlan', { name: file.filename })}
                  >
                    <IconEye size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
              <Tooltip label={t('context.file.download', { name: file.filename })} openDelay={ICON_TOOLTIP_DELAY_MS}>
                <ActionIcon
                  variant="subtle"
                  size="md"
                  aria-label={t('context.file.download', { name: file.filename })}
                  onClick={() => void download()}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              {canDelete ? (
                <Tooltip label={t('context.file.delete', { name: file.filename })} openDelay={ICON_TOOLTIP_DELAY_MS}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="md"
                    aria-label={t('context.file.delete', { name: file.filename })}
                    onClick={confirmDelete}
                    loading={remove.isPending}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
          {file.isEncrypted ? (
            <Text size="xs" c="orange.9">
              {t('context.file.encryptedHint')}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
}
