import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ArchiveDto } from '@plankurier/shared';
import { IconArchive, IconFileTypePdf, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProjectMutation } from '../../../api/use-project';
import { FormSection } from '../../../components/FormSection';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import { archiveApi } from './archive-api';
import { ArchiveRow } from './ArchiveRow';
import { useLiveArchives } from './use-live-archives';

/**
 * 'Projektarchiv' (spec §2 project settings): a ZIP of the current plans and documents, PDF only or
 * PDF and TEC, made in the background with live progress, then downloaded or deleted.
 */
export function ProjectArchivesSection({ projectId, archives }: { projectId: string; archives: ArchiveDto[] }) {
  const { t } = useTranslation();
  const shown = useLiveArchives(projectId, archives);
  const create = useProjectMutation(projectId, (pdfOnly: boolean) => archiveApi.create({ projectId, pdfOnly }));
  const remove = useProjectMutation(projectId, (archiveId: string) => archiveApi.remove(archiveId));
  const running = (pdfOnly: boolean) => shown.some((a) => a.status === 'RUNNING' && a.pdfOnly === pdfOnly);
  const start = (pdfOnly: boolean) => create.mutate(pdfOnly, { onError: notifyError });
  const download = (archive: ArchiveDto) =>
    archiveApi
      .downloadLink(archive._id)
      .then(({ url }) => window.location.assign(url))
      .catch(notifyError);
  const removeArchive = (archive: ArchiveDto) =>
    remove.mutate(archive._id, {
      onSuccess: () =>
        notifySuccess(archive.status === 'RUNNING' ? 'archives.message.cancelled' : 'archives.message.deleted'),
      onError: notifyError,
    });

  return (
    <FormSection title={t('archives.title')} description={t('archives.intro')}>
      <Stack gap="md">
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={18} />}
            onClick={() => start(true)}
            disabled={running(true)}
            loading={create.isPending && create.variables}
          >
            {t('archives.createPdf')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileZip size={18} />}
            onClick={() => start(false)}
            disabled={running(false)}
            loading={create.isPending && !create.variables}
          >
            {t('archives.createPdfTec')}
          </Button>
        </Group>
        {shown.length === 0 ? (
          <Group gap="sm" wrap="nowrap" py="xs">
            <ThemeIcon variant="light" color="gray" size="lg" radius="md">
              <IconArchive size={20} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('archives.empty')}
            </Text>
          </Group>
        ) : (
          <Stack gap="xs" aria-label={t('archives.listLabel')}>
            {shown.map((archive) => (
              <ArchiveRow
                key={archive._id}
                archive={archive}
                busy={remove.isPending && remove.variables === archive._id}
                onDownload={() => void download(archive)}
                onDelete={() => removeArchive(archive)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </FormSection>
  );
}
