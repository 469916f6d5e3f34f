import {
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDate, formatFileSize } from '@plankurier/shared';
import { IconChevronDown, IconChevronRight, IconFileStack, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planSetApi } from '../../../api/plan-set-api';
import { projectSyncOf } from '../../../api/project-sync';
import { currentLocale } from '../../../i18n';
import { notifyError, notifyInfo } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { useUploads } from '../uploads/upload-store';
import { docsOfSet, preparedOfSet, releasableVersions } from './plan-set-model';
import { tellSetRelease } from './tell-set-release';
import { planSetUploads, setProgress, useSetUploads, type SetFileState, type SetUploads } from './plan-set-uploads';

const STATE_COLOR: Record<SetFileState, string> = {
  missing: 'yellow',
  waiting: 'gray',
  uploading: 'brand',
  done: 'green',
  failed: 'red',
};

/**
 * The plan sets of this project on their way: one bar for the whole set and one per file, files to
 * drop again after a reload, then 'Alle freigeben' and 'An Abonnenten senden'. The server's open
 * sets are picked up when the list opens: this person's unfinished ones (a reload, another tab) and
 * anyone's finished set with versions still in preparation, so its release is never lost.
 */
export function PlanSetPanel({ model, onDeliver }: { model: ProjectModel; onDeliver: (docIds: string[]) => void }) {
  const projectId = model.bundle.project._id;
  const sets = useSetUploads().filter((s) => s.projectId === projectId);

  useEffect(() => {
    let current = true;
    planSetApi.open(projectId).then(
      (open) => {
        if (!current) return;
        for (const set of open)
          if (!planSetUploads.getState().some((s) => s.set._id === set._id)) planSetUploads.track(projectId, set);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [projectId]);

  if (sets.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm">
      {sets.map((entry) => (
        <PlanSetCard key={entry.set._id} entry={entry} model={model} onDeliver={onDeliver} />
      ))}
    </Stack>
  );
}

function PlanSetCard({
  entry,
  model,
  onDeliver,
}: {
  entry: SetUploads;
  model: ProjectModel;
  onDeliver: (docIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const projectId = entry.projectId;
  const { set } = entry;
  const sentOf = (uploadId: string) => uploads.find((u) => u.id === uploadId)?.bytesSent ?? 0;
  const progress = setProgress(entry, sentOf);
  // The files show while they upload; once the set is through they fold away (the list below gets the room).
  const [showFiles, setShowFiles] = useState(!set.finishedAt);
  const [releasingShown, setReleasingShown] = useState(false);
  const releasing = useRef(false);
  const finishing = useRef(false);

  const finish = (allowMissing: boolean) => {
    if (finishing.current) return;
    finishing.current = true;
    planSetApi.finish(set._id, allowMissing).then(
      (finished) => planSetUploads.track(projectId, finished),
      (err: unknown) => {
        finishing.current = false;
        notifyError(err);
      },
    );
  };
  const through = progress.active === 0 && progress.missing === 0 && progress.failed === 0;
  useEffect(() => {
    if (set.finishedAt) setShowFiles(false);
  }, [set.finishedAt]);
  useEffect(() => {
    if (through && !set.finishedAt) finish(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finishing once, when the last file is through
  }, [through, set.finishedAt]);

  const versionIds = [...new Set(set.files.map((f) => f.version))];
  const releasable = releasableVersions(set, model);
  const prepared = preparedOfSet(set, model);
  // Released: nothing of the set is left to release (a DWG without PDF stays in preparation).
  const released =
    releasable.length === 0 &&
    versionIds.some((id) => {
      const status = model.versionById.get(id)?.status;
      return status !== undefined && status !== 'preparation';
    });

  // The server releases every prepared version of the set, across folders, once (a second click
  // or a colleague in the same moment finds them released and is told so).
  const releaseAll = () =>
    modals.openConfirmModal({
      title: t('planSet.panel.releaseAllTitle'),
      children: t('planSet.panel.releaseAllText', { count: releasable.length }),
      labels: { confirm: t('planSet.panel.releaseAll'), cancel: t('common.cancel') },
      onConfirm: async () => {
        if (releasing.current) return;
        releasing.current = true;
        setReleasingShown(true);
        try {
          const result = await planSetApi.release(set._id);
          // Deliver mode selects from the subscriptions as they are after the release.
          await projectSyncOf(queryClient).catchUp(projectId);
          tellSetRelease(result);
        } catch (err) {
          notifyError(err);
        } finally {
          releasing.current = false;
          setReleasingShown(false);
        }
      },
    });

  const attach = (files: File[]) => {
    const matched = planSetUploads.attach(set._id, files);
    if (matched > 0) notifyInfo('planSet.panel.matched', { count: matched });
    else notifyInfo('planSet.panel.nothingMatched');
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="plan-set-panel"
      aria-label={t('planSet.panel.title', { date: formatDate(set.createdAt, locale) })}
      role="region"
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs">
          <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
            <IconFileStack size={20} color="var(--mantine-color-brand-6)" aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} size="sm">
              {t('planSet.panel.title', { date: formatDate(set.createdAt, locale) })}
            </Text>
            <Text size="sm" c="dimmed">
              {!set.finishedAt
                ? t('planSet.panel.progress', { done: progress.done, count: progress.files })
                : prepared.versions.length > 0
                  ? t('planSet.panel.preparing', {
                      count: prepared.versions.length,
                      folders: prepared.folders.join(', '),
                    })
                  : t('planSet.panel.allReleased')}
            </Text>
          </Group>
          <Group gap="xs">
            {set.finishedAt && !released && releasable.length > 0 ? (
              <Button size="xs" onClick={releaseAll} loading={releasingShown}>
                {t('planSet.panel.releaseAll')}
              </Button>
            ) : null}
            {released ? (
              <Button
                size="xs"
                color="orange"
                leftSection={<IconSend size={14} aria-hidden />}
                onClick={() => {
                  onDeliver(docsOfSet(set));
                  planSetUploads.forget(set._id);
                }}
              >
                {t('planSet.panel.sendToSubscribers')}
              </Button>
            ) : null}
            {set.finishedAt ? (
              <Button size="xs" variant="default" onClick={() => planSetUploads.forget(set._id)}>
                {t('planSet.panel.close')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {set.finishedAt ? (
          <Text size="xs" c="dimmed">
            {progress.done === progress.files
              ? t('planSet.panel.done')
              : t('planSet.panel.progress', { done: progress.done, count: progress.files })}
            {prepared.versions.length > releasable.length ? ` · ${t('planSet.panel.waitingForFiles')}` : ''}
          </Text>
        ) : (
          <>
            <Progress.Root
              size="lg"
              aria-label={t('planSet.panel.progress', { done: progress.done, count: progress.files })}
            >
              <Progress.Section value={progress.percent} color={progress.failed ? 'orange' : 'brand'}>
                <Progress.Label>{progress.percent} %</Progress.Label>
              </Progress.Section>
            </Progress.Root>
            <Text size="xs" c="dimmed">
              {t('planSet.panel.bytes', {
                sent: formatFileSize(progress.sent, locale),
                total: formatFileSize(progress.total, locale),
              })}
            </Text>
          </>
        )}
        {!set.finishedAt && progress.missing > 0 ? (
          <Group
            gap="xs"
            justify="space-between"
            p={8}
            bg="yellow.0"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text size="sm">{t('planSet.panel.missing', { count: progress.missing })}</Text>
            <Group gap="xs">
              <FileButton onChange={attach} multiple accept=".pdf,.dwg,.dxf,.dxfb">
                {(props) => (
                  <Button size="xs" variant="light" {...props}>
                    {t('planSet.panel.dropAgain')}
                  </Button>
                )}
              </FileButton>
              <Button size="xs" variant="subtle" onClick={() => finish(true)}>
                {t('planSet.panel.finishWithout')}
              </Button>
            </Group>
          </Group>
        ) : null}
        {!set.finishedAt && progress.failed > 0 ? (
          <Group gap="xs" justify="space-between" p={8} bg="red.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm" c="red.8">
              {t('planSet.panel.failed', { count: progress.failed })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => planSetUploads.retry(set._id)}>
                {t('planSet.panel.retry')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => finish(true)}>
                {t('planSet.panel.finishWithout')}
              </Button>
            </Group>
          </Group>
        ) : null}
        <UnstyledButton onClick={() => setShowFiles(!showFiles)} aria-expanded={showFiles}>
          <Group gap={4}>
            {showFiles ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Text size="xs" c="dimmed">
              {showFiles ? t('planSet.panel.hideFiles') : t('planSet.panel.showFiles')}
            </Text>
          </Group>
        </UnstyledButton>
        {showFiles ? (
          <ScrollArea.Autosize mah={150} type="auto" aria-label={t('planSet.panel.filesLabel')}>
            <Stack gap={4} pr="sm">
              {entry.items.map((item) => {
                const percent =
                  item.state === 'done'
                    ? 100
                    : item.uploadId && item.size > 0
                      ? Math.floor((Math.min(item.size, sentOf(item.uploadId)) / item.size) * 100)
                      : 0;
                return (
                  <Group key={item.key} gap="xs" wrap="nowrap" data-set-file={item.filename}>
                    <Text size="xs" truncate="end" style={{ flex: 1, minWidth: 0 }} title={item.filename}>
                      {item.filename}
                    </Text>
                    {item.error ? (
                      <Text size="xs" c="red.8" truncate="end" maw="40%" title={t(`msg.${item.error}`)}>
                        {t(`msg.${item.error}`)}
                      </Text>
                    ) : null}
                    <Badge
                      size="xs"
                      variant="light"
                      color={STATE_COLOR[item.state]}
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      {t(`planSet.panel.fileStates.${item.state}`)}
                    </Badge>
                    <Progress
                      value={percent}
                      size="sm"
                      w={{ base: 60, sm: 140 }}
                      color={STATE_COLOR[item.state]}
                      aria-label={item.filename}
                      style={{ flexShrink: 0 }}
                    />
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        ) : null}
      </Stack>
    </Paper>
  );
}
