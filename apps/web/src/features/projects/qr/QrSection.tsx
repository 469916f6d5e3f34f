import { Alert, Button, Divider, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { QrDefaultsSchema, qrFitsPage, type DocDto, type DocQrSettings, type FileDto } from '@plankurier/shared';
import { IconAlertTriangle, IconLock, IconQrcode } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../notifications/error-text';
import { notifyError, notifySuccess } from '../../../notifications/notify';
import type { ProjectModel } from '../model/project-model';
import { qrApi, qrQueryKey } from './qr-api';
import { QrPlacementPreview } from './QrPlacementPreview';

const LIMITS = {
  x: [QrDefaultsSchema.shape.x.minValue ?? 0, QrDefaultsSchema.shape.x.maxValue ?? 2000],
  y: [QrDefaultsSchema.shape.y.minValue ?? 0, QrDefaultsSchema.shape.y.maxValue ?? 2000],
  width: [QrDefaultsSchema.shape.width.minValue ?? 5, QrDefaultsSchema.shape.width.maxValue ?? 200],
} as const;
/** The placement fields, all in millimetres from the bottom-right corner. */
const MM_FIELDS = ['x', 'y', 'width'] as const;
type MmField = (typeof MM_FIELDS)[number];

/** The main PDF the code goes on: the current version's, else the one in preparation. */
function mainPdfOf(model: ProjectModel, doc: DocDto): FileDto | null {
  for (const versionId of [doc.currentVersion, doc.nextVersion]) {
    const pdf = versionId ? model.filesByVersion.get(versionId)?.find((f) => f.kind === 'pdf') : undefined;
    if (pdf) return pdf;
  }
  return null;
}

/**
 * The QR code of a plan (spec §3 Doc QR settings): whether downloads of its PDF carry the code, and
 * where. The code is put on every page of a copy; the uploaded file stays as it is.
 */
export function QrSection({ model, doc }: { model: ProjectModel; doc: DocDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: qrQueryKey(doc._id), queryFn: () => qrApi.get(doc._id) });
  const [draft, setDraft] = useState<DocQrSettings | null>(null);
  useEffect(() => {
    if (saved.data) {
      const { x, y, width, hasBorder, embed } = saved.data;
      setDraft({ x, y, width, hasBorder, embed });
    }
  }, [saved.data]);
  const update = useMutation({
    mutationFn: (settings: DocQrSettings) => qrApi.update(doc._id, settings),
    onSuccess: (result, settings) => {
      queryClient.setQueryData(qrQueryKey(doc._id), result);
      const embedChanged = settings.embed !== saved.data?.embed;
      notifySuccess(
        embedChanged ? (settings.embed ? 'message_qr_added' : 'message_qr_removed') : 'message_data_updated',
      );
    },
    onError: (err) => {
      notifyError(err);
      if (saved.data) setDraft({ ...saved.data });
    },
  });
  const pdf = mainPdfOf(model, doc);

  const header = (
    <Group gap={6}>
      <IconQrcode size={18} />
      <Title order={3} fz="sm">
        {t('qr.title')}
      </Title>
    </Group>
  );
  if (saved.isError) {
    return (
      <Stack gap="xs">
        <Divider />
        {header}
        <Alert variant="light" color="red" icon={<IconAlertTriangle size={16} />}>
          {errorText(saved.error)}
        </Alert>
      </Stack>
    );
  }
  if (!draft || !saved.data) {
    return (
      <Stack gap="xs">
        <Divider />
        {header}
        <Skeleton h={90} />
      </Stack>
    );
  }
  if (!pdf) {
    return (
      <Stack gap="xs">
        <Divider />
        {header}
        <Text size="sm" c="dimmed">
          {t('qr.noPdf')}
        </Text>
      </Stack>
    );
  }

  const dirty =
    draft.x !== saved.data.x ||
    draft.y !== saved.data.y ||
    draft.width !== saved.data.width ||
    draft.hasBorder !== saved.data.hasBorder;
  const inLimits = MM_FIELDS.every((field) => draft[field] >= LIMITS[field][0] && draft[field] <= LIMITS[field][1]);
  // The server checks every page when it stamps; the first page's size is known here already.
  const fits =
    pdf.pdfWidthMm === null || pdf.pdfHeightMm === null
      ? true
      : qrFitsPage({ widthMm: pdf.pdfWidthMm, heightMm: pdf.pdfHeightMm }, draft);
  const valid = inLimits && fits;
  const setNumber = (key: MmField) => (value: number | string) =>
    setDraft({ ...draft, [key]: typeof value === 'number' ? value : Number(value) || 0 });

  return (
    <Stack gap="sm">
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        {header}
        <Switch
          label={t('qr.embed')}
          checked={draft.embed}
          // Turning the code off always works, also when it no longer fits a new version's PDF.
          disabled={update.isPending || (!draft.embed && (pdf.isEncrypted || !valid))}
          onChange={(event) => {
            const next = { ...draft, embed: event.currentTarget.checked };
            setDraft(next);
            update.mutate(next);
          }}
        />
      </Group>
      {pdf.isEncrypted ? (
        <Alert variant="light" color="orange" icon={<IconLock size={16} />}>
          {t('msg.qr.encrypted')}
        </Alert>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t('qr.hint')}
          </Text>
          <QrPlacementPreview
            fileId={pdf._id}
            qr={draft}
            onMove={(position) => setDraft((current) => (current ? { ...current, ...position } : current))}
          />
          <Group grow gap="xs" align="flex-start">
            {MM_FIELDS.map((field) => (
              <NumberInput
                key={field}
                size="xs"
                label={t(`qr.${field}`)}
                suffix=" mm"
                min={LIMITS[field][0]}
                max={LIMITS[field][1]}
                decimalScale={1}
                value={draft[field]}
                onChange={setNumber(field)}
                error={fits ? undefined : true}
              />
            ))}
          </Group>
          {fits ? null : (
            <Text size="xs" c="red.7" role="alert">
              {t('msg.qr.does_not_fit')}
            </Text>
          )}
          <Group justify="space-between">
            <Switch
              size="xs"
              label={t('qr.border')}
              checked={draft.hasBorder}
              onChange={(event) => setDraft({ ...draft, hasBorder: event.currentTarget.checked })}
            />
            <Button
              size="xs"
              disabled={!dirty || !valid}
              loading={update.isPending}
              onClick={() => update.mutate(draft)}
            >
              {t('qr.save')}
            </Button>
          </Group>
          {saved.data.isDefault ? (
            <Text size="xs" c="dimmed">
              {t('qr.fromDefaults')}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
