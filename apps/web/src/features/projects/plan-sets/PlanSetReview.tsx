import { Alert, Badge, Box, Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  checkPlanSet,
  formatDate,
  kindFromFilename,
  KnownNumbers,
  parsePlanFilename,
  type SetFileEdit,
  type StoredSetFile,
  type TitleBlockFields,
} from '@plankurier/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { planSetApi } from '../../../api/plan-set-api';
import { projectSyncOf } from '../../../api/project-sync';
import { queryKeys } from '../../../api/query-keys';
import { TierLimitAlert } from '../../../components/TierLimitAlert';
import { useScreen } from '../../../components/use-screen';
import { currentLocale } from '../../../i18n';
import { notifyError } from '../../../notifications/notify';
import { newRequestKey } from '../deliver/request-key';
import type { ProjectModel } from '../model/project-model';
import {
  alreadyThereCount,
  namingContextOf,
  reviewRows,
  setFilesOf,
  setPlansOf,
  storedFileSizes,
  withEdit,
  type DroppedFile,
} from './plan-set-model';
import { planSetUploads } from './plan-set-uploads';
import { RememberNamingKey } from './RememberNamingKey';
import { ReviewCards } from './ReviewCards';
import type { RowHandlers } from './ReviewRow';
import { ReviewTable } from './ReviewTable';
import { useContentHashes } from './use-content-hashes';
import { useNamingKey } from './use-naming-key';
import { useTitleBlocks } from './use-title-blocks';

interface PlanSetReviewProps {
  model: ProjectModel;
  folderId: string;
  dropped: DroppedFile[];
  onClose: () => void;
}

/**
 * The review of a dropped plan set, before anything is written: every file with its plan, the index
 * it becomes, its partner files and what needs a decision, fixed inline. Shown at once from the
 * names; the server's check of the same names follows and takes over. Files as large as a stored
 * one are hashed meanwhile: the same content as a current or prepared file is 'bereits vorhanden'
 * (left out unless the office keeps it), which the server tells from the hashes. Confirming writes
 * the set in one call and hands the files to the set's uploads.
 */
export function PlanSetReview({ model, folderId, dropped, onClose }: PlanSetReviewProps) {
  const { t } = useTranslation();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const projectId = model.bundle.project._id;
  const { key: namingKey } = useNamingKey(projectId);
  const [dropFolderId, setDropFolderId] = useState(folderId);
  const [edits, setEdits] = useState<Record<string, SetFileEdit>>({});
  const [editing, setEditing] = useState<string | null>(null);
  // The row whose number or index the office set last: its name may teach the project's naming key.
  const [correctedKey, setCorrectedKey] = useState<string | null>(null);
  const [requestKey] = useState(newRequestKey);
  const [tierRefused, setTierRefused] = useState(false);

  const storedSizes = useMemo(() => storedFileSizes(model), [model]);
  const { hashes, hashing } = useContentHashes(dropped, storedSizes);
  const fileByKey = useMemo(() => new Map(dropped.map((d) => [d.key, d.file])), [dropped]);
  const plans = useMemo(() => setPlansOf(model), [model]);
  const context = useMemo(() => namingContextOf(model), [model]);

  // Every dropped PDF's title block is read, one after the other: those whose names say nothing
  // first, by the server (offered to take); the others here in the browser, compared with their
  // names (a name and a title block that disagree are asked about, never taken silently). A name
  // that says it is no plan (minutes, a plan list) is not read at all.
  const titleCandidates = useMemo(() => {
    const pdfs = dropped
      .filter((d) => kindFromFilename(d.file.name) === 'pdf')
      .map((d) => ({ ...d, parsed: parsePlanFilename(d.file.name, namingKey, context) }))
      .filter((d) => !d.parsed.nonPlan)
      .map(({ parsed, ...d }) => ({ ...d, here: parsed.number !== null }));
    return [...pdfs.filter((d) => !d.here), ...pdfs.filter((d) => d.here)];
  }, [dropped, namingKey, context]);
  const { states: titleBlocks, reading: readingTitleBlocks } = useTitleBlocks(projectId, titleCandidates);
  const titleFields = useMemo(() => {
    const found = new Map<string, TitleBlockFields>();
    for (const [key, state] of titleBlocks) if (state.status === 'found') found.set(key, state.reading);
    return found;
  }, [titleBlocks]);
  const files = useMemo(() => setFilesOf(dropped, hashes, titleFields), [dropped, hashes, titleFields]);
  const hashKey = useMemo(() => [...hashes.values()].sort().join(','), [hashes]);
  // The naming-key offer reads the names as the review does, with the project's plan numbers.
  const readingContext = useMemo(
    () => ({ ...context, knownNumbers: new KnownNumbers(plans.map((p) => p.number)) }),
    [context, plans],
  );
  // The stored files with a dropped file's hash, as the server last named them.
  const [storedFor, setStoredFor] = useState<{ hashKey: string; stored: StoredSetFile[] }>({ hashKey: '', stored: [] });
  const local = useMemo(
    () => checkPlanSet({ files, edits, plans, dropFolderId, namingKey, context, stored: storedFor.stored }),
    [files, edits, plans, dropFolderId, namingKey, context, storedFor],
  );

  // The server's check of the same names, hashes and edits (the database as it is now, and the doc limit).
  const checkInput = useMemo(() => ({ edits, dropFolderId, files, hashKey }), [edits, dropFolderId, files, hashKey]);
  const [checked] = useDebouncedValue(checkInput, 350);
  const server = useQuery({
    // The server reads the project's naming key: a key kept meanwhile checks again.
    queryKey: ['plan-set-check', projectId, requestKey, checked, namingKey],
    queryFn: async () => ({
      ...(await planSetApi.check({ folderId: checked.dropFolderId, files: checked.files, edits: checked.edits })),
      hashKey: checked.hashKey,
    }),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (server.data) setStoredFor({ hashKey: server.data.hashKey, stored: server.data.stored });
  }, [server.data]);
  // Confirming waits until the hashes are read and the server has said which files are there.
  // (A failed check does not hold it: the server applies the same rule when the set is written.)
  const contentsChecked =
    !hashing && (storedFor.hashKey === hashKey || (server.isError && checked.hashKey === hashKey));
  const serverCurrent = server.data !== undefined && checked === checkInput && !server.isFetching;
  const review = serverCurrent ? server.data!.review : local;
  const alreadyThere = alreadyThereCount(review);
  const rows = useMemo(() => reviewRows(review), [review]);

  useEffect(() => {
    performance.mark('plan-set-review-ready');
  }, []);

  const limit = server.data?.docLimit;
  const left = limit && limit.max > 0 ? Math.max(0, limit.max - limit.used) : Infinity;
  const overLimit = review.newPlans > left || tierRefused;
  const plansFolders = model.bundle.docfolders;
  const folderOptions = useMemo(
    () =>
      model.phases.flatMap((phase) =>
        (model.foldersByPhase.get(phase._id) ?? []).map((f) => ({
          value: f._id,
          label: `${phase.shortcut} · ${f.name}`,
        })),
      ),
    [model],
  );
  const folderNames = useMemo(() => new Map(plansFolders.map((f) => [f._id, f.name])), [plansFolders]);

  const create = useMutation({
    mutationFn: () =>
      planSetApi.create({
        folderId: dropFolderId,
        files,
        edits,
        requestKey,
        comment: t('planSet.review.comment', { date: formatDate(new Date(), currentLocale()) }),
      }),
    onSuccess: (result) => {
      planSetUploads.track(projectId, result.planSet, fileByKey);
      void projectSyncOf(queryClient).catchUp(projectId);
      onClose();
    },
    onError: (err) => {
      if (isApiError(err) && err.msgCode === 'tier.limit_reached') setTierRefused(true);
      else if (isApiError(err) && err.msgCode === 'plan_set.check_failed') {
        // The project changed since the bundle was read: read it and check again.
        void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
        void server.refetch();
        notifyError(err);
      } else notifyError(err);
    },
  });

  // One set of handlers for the whole review: rows are memoised and must not hold an old review.
  const latestReview = useRef(review);
  latestReview.current = review;
  const handlers = useMemo<RowHandlers>(
    () => ({
      edit: (key, change, options) => {
        setEdits((before) => withEdit(before, latestReview.current, key, change));
        // A title block's reading chosen corrects no reading of the name: nothing to remember.
        if (options?.teaches !== false && (change.number !== undefined || change.index !== undefined))
          setCorrectedKey(key);
        setEditing(null);
      },
      startEditing: setEditing,
      stopEditing: () => setEditing(null),
      folderOptions,
      folderName: (id) => folderNames.get(id) ?? '',
    }),
    [folderOptions, folderNames],
  );

  const plansCount = review.groups.length;
  // Confirming also waits for the title blocks: a name they contradict must not go unasked.
  const canConfirm =
    review.blocking === 0 &&
    review.uploads > 0 &&
    !overLimit &&
    !create.isPending &&
    contentsChecked &&
    readingTitleBlocks === 0;

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={screen !== 'desktop'}
      size="min(1360px, 96vw)"
      title={t('planSet.review.title')}
      styles={{ body: { paddingBottom: 0 } }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap={6}>
            <Badge variant="light" color="gray" size="lg" tt="none">
              {t('planSet.review.files', { count: review.files.length })}
            </Badge>
            <Badge variant="light" color="gray" size="lg" tt="none">
              {t('planSet.review.plans', { count: plansCount })}
            </Badge>
            {review.newPlans > 0 ? (
              <Badge variant="light" color="blue" size="lg" tt="none">
                {t('planSet.review.newPlans', { count: review.newPlans })}
              </Badge>
            ) : null}
            {alreadyThere > 0 ? (
              <Badge variant="light" color="teal" size="lg" tt="none">
                {t('planSet.review.alreadyThere', { count: alreadyThere })}
              </Badge>
            ) : null}
            <Group gap={4} c="dimmed">
              {serverCurrent && contentsChecked && readingTitleBlocks === 0 ? (
                <IconCircleCheck size={16} aria-hidden />
              ) : (
                <Loader size={12} aria-hidden />
              )}
              <Text size="xs" c="dimmed">
                {!contentsChecked
                  ? t('planSet.review.hashing')
                  : readingTitleBlocks > 0
                    ? t('planSet.review.readingTitleBlocks', { count: readingTitleBlocks })
                    : serverCurrent
                      ? t('planSet.review.checked')
                      : t('planSet.review.checking')}
              </Text>
            </Group>
          </Group>
          <NativeSelect
            label={t('planSet.review.targetFolder')}
            data={folderOptions}
            value={dropFolderId}
            onChange={(e) => setDropFolderId(e.currentTarget.value)}
            size="xs"
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
        {overLimit ? (
          <Stack gap={6}>
            <Text size="sm" c="orange.8">
              {t('planSet.review.tierLimit', { count: review.newPlans, left: Number.isFinite(left) ? left : 0 })}
            </Text>
            <TierLimitAlert onNavigate={onClose} />
          </Stack>
        ) : review.blocking > 0 ? (
          <Alert color="red" variant="light" py={8} role="status">
            {t('planSet.review.decisions', { count: review.blocking })}
          </Alert>
        ) : (
          <Alert color="green" variant="light" py={8} role="status">
            {review.uploads > 0 ? t('planSet.review.allClear') : t('planSet.review.nothingToUpload')}
          </Alert>
        )}
        <RememberNamingKey
          projectId={projectId}
          corrected={review.files.find((f) => f.key === correctedKey) ?? null}
          files={review.files}
          namingKey={namingKey}
          context={readingContext}
        />
        {screen === 'phone' ? (
          <ReviewCards rows={rows} editing={editing} titleBlocks={titleBlocks} handlers={handlers} />
        ) : (
          <ReviewTable rows={rows} editing={editing} titleBlocks={titleBlocks} handlers={handlers} />
        )}
        <Box
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-3)',
            zIndex: 3,
          }}
        >
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => create.mutate()} disabled={!canConfirm} loading={create.isPending}>
              {t('planSet.review.confirm', { count: review.uploads })}
            </Button>
          </Group>
        </Box>
      </Stack>
    </Modal>
  );
}
