import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  allowedExtensions,
  formatDate,
  isVersionLocked,
  releaseProblem,
  type DocDto,
  type FileDto,
  type VersionDto,
  ICON_TOOLTIP_DELAY_MS,
} from '@plankurier/shared';
import { IconLock, IconPencil, IconRocket, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { versionApi } from '../../../api/project-api';
import { useProjectMutation } from '../../../api/use-project';
import { currentLocale } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { tabular } from '../docs/columns';
import { addonDropzoneVisible, mainDropzoneVisible } from '../model/dropzones';
import { kindsWithUploads } from '../model/upload-state';
import { useUploads } from '../uploads/upload-store';
import { useOnboardingHint } from '../use-onboarding';
import { FileRow } from './FileRow';
import { UploadHint } from './UploadHint';
import { UploadRow } from './UploadRow';
import { useVersionUploads } from './use-version-uploads';
import { useTapToChoose } from './use-tap-to-choose';
import { dropPlanSet } from '../plan-sets/use-plan-set-drop';
import { VersionDropzone } from './VersionDropzone';
import { VersionMetaForm } from './VersionMetaForm';

const STATUS_COLORS = { preparation: 'yellow', current: 'green', outdated: 'gray', archived: 'gray' } as const;

interface VersionCardProps {
  projectId: string;
  doc: DocDto;
  version: VersionDto;
  files: FileDto[];
}

/**
 * One version: index, status, dates, comment, downloads switch and files. A version in preparation
 * also takes uploads and offers 'Version freigeben' (disabled with the reason until a plan has its PDF).
 */
export function VersionCard({ projectId, doc, version, files }: VersionCardProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [editing, setEditing] = useState(false);
  const uploads = useUploads().filter((u) => u.versionId === version._id);
  const startUploads = useVersionUploads(projectId);
  const uploadHint = useOnboardingHint('docFilesUpload');
  const tap = useTapToChoose();
  const preparing = version.status === 'preparation';
  const locked = isVersionLocked(version.deliveredFiles.length);
  const kinds = files.map((f) => f.kind);
  const kindsNow = kindsWithUploads(kinds, uploads);
  const problem = releaseProblem(version.status, doc.doctype, kinds);
  const uploading = uploads.some((u) => u.state === 'UPLOADING');

  const update = useProjectMutation(projectId, (body: { downloadsEnabled: boolean }) =>
    versionApi.update(version._id, body),
  );
  const release = useProjectMutation(projectId, () => versionApi.release(version._id));
  const remove = useProjectMutation(projectId, () => versionApi.remove(version._id));

  // An encrypted PDF is released only after the question says what it means for the recipients.
  const encrypted = files.find((f) => f.isEncrypted);
  const confirmRelease = () =>
    modals.openConfirmModal({
      title: t('context.releaseTitle', { index: version.index }),
      children: encrypted ? (
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconLock size={18} />} p="sm">
            <Text size="sm">{t('context.releaseEncryptedText', { name: encrypted.filename })}</Text>
          </Alert>
          <Text size="sm">{t('context.releaseText')}</Text>
        </Stack>
      ) : (
        t('context.releaseText')
      ),
      labels: { confirm: encrypted ? t('context.releaseAnyway') : t('context.release'), cancel: t('common.cancel') },
      onConfirm: () =>
        release.mutate(undefined, { onSuccess: () => notifySuccess('message_version_released'), onError: notifyError }),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('context.deleteVersionTitle', { index: version.index }),
      children: t('context.deleteVersionText'),
      labels: { confirm: t('context.deleteVersion'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, { onSuccess: () => notifySuccess('message_version_deleted'), onError: notifyError }),
    });

  const releaseReason = problem
    ? doc.doctype === 'plan'
      ? t('context.releaseNeedsPdf')
      : t('context.releaseNeedsFile')
    : null;
  const dateLine =
    version.status === 'current' && version.releaseDate
      ? t('context.releasedOn', { date: formatDate(version.releaseDate, locale) })
      : version.outdatedAt
        ? t('context.outdatedOn', { date: formatDate(version.outdatedAt, locale) })
        : version.releaseDate
          ? t('context.releasedOn', { date: formatDate(version.releaseDate, locale) })
          : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      aria-label={t('context.version', { index: version.index })}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Text
                fz="xl"
                fw={version.status === 'current' ? 800 : 600}
                c={version.status === 'outdated' || version.status === 'archived' ? 'dimmed' : undefined}
                style={tabular}
              >
                {version.index}
              </Text>
              <Badge size="sm" variant="light" color={STATUS_COLORS[version.status]} radius="sm" tt="none">
                {t(`context.versionTabs.${version.status}`)}
              </Badge>
              {locked ? (
                <Tooltip label={t('context.lockedHint')} openDelay={ICON_TOOLTIP_DELAY_MS}>
                  <IconLock size={14} color="var(--mantine-color-gray-6)" aria-label={t('context.lockedHint')} />
                </Tooltip>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" style={tabular}>
              {[t('context.versionNumber', { number: version.number }), dateLine].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          {editing ? null : (
            <Tooltip
              label={locked ? t('context.lockedHint') : t('context.editVersion')}
              openDelay={ICON_TOOLTIP_DELAY_MS}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('context.editVersion')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>

        {editing ? (
          <VersionMetaForm projectId={projectId} version={version} onDone={() => setEditing(false)} />
        ) : (
          <Text
            size="sm"
            c={version.comment ? undefined : 'dimmed'}
            fs={version.comment ? undefined : 'italic'}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {version.comment || t('context.noComment')}
          </Text>
        )}

        <Switch
          size="sm"
          label={t('context.downloadsEnabled')}
          description={t('context.downloadsHint')}
          checked={version.downloadsEnabled}
          onChange={(e) =>
            update.mutate(
              { downloadsEnabled: e.currentTarget.checked },
              { onSuccess: () => notifySuccess('message_data_updated'), onError: notifyError },
            )
          }
        />

        <Stack gap={6}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {t('context.files')}
          </Text>
          {files.map((file) => (
            <FileRow key={file._id} projectId={projectId} file={file} canDelete={preparing} />
          ))}
          {uploads.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
          {files.length === 0 && uploads.length === 0 && !preparing ? (
            <Text size="sm" c="dimmed">
              {t('context.noFiles')}
            </Text>
          ) : null}
        </Stack>

        {preparing ? (
          <>
            {files.length === 0 && uploadHint.shown ? <UploadHint onMute={uploadHint.mute} /> : null}
            {mainDropzoneVisible(doc.doctype, kindsNow) ? (
              <VersionDropzone
                label={t('context.dropzone.label', { index: version.index })}
                title={
                  doc.doctype === 'data'
                    ? t(tap ? 'context.dropzone.dataTitleTap' : 'context.dropzone.dataTitle')
                    : t(tap ? 'context.dropzone.titleTap' : 'context.dropzone.title')
                }
                hint={t(tap ? 'context.dropzone.hintTap' : 'context.dropzone.hint')}
                compact={files.length > 0 || uploads.length > 0}
                extensions={allowedExtensions(doc.doctype, kindsNow)}
                onFiles={(dropped) => startUploads(dropped, version, files, 'main')}
                onPlanSet={
                  doc.doctype === 'plan' ? (dropped) => dropPlanSet(projectId, doc.folder, dropped) : undefined
                }
              />
            ) : null}
            {addonDropzoneVisible(doc.doctype, kindsNow) ? (
              <VersionDropzone
                label={t('context.dropzone.addonLabel', { index: version.index })}
                title={t(tap ? 'context.dropzone.addonTitleTap' : 'context.dropzone.addonTitle')}
                hint={t('context.dropzone.addonHint')}
                compact
                extensions={allowedExtensions(doc.doctype, kindsNow, 'addon')}
                onFiles={(dropped) => startUploads(dropped, version, files, 'addon')}
              />
            ) : null}
            <Group justify="space-between" gap="sm" mt={4}>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                {t('context.deleteVersion')}
              </Button>
              <Tooltip label={releaseReason} disabled={!releaseReason} openDelay={0}>
                <Box>
                  <Button
                    leftSection={<IconRocket size={16} />}
                    disabled={problem !== null || uploading}
                    onClick={confirmRelease}
                    loading={release.isPending}
                  >
                    {t('context.release')}
                  </Button>
                </Box>
              </Tooltip>
            </Group>
            {releaseReason ? (
              <Text size="xs" c="dimmed" ta="right">
                {releaseReason}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
