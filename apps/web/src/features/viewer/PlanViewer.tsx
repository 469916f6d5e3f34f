import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { FileKind, PreviewStatus } from '@plankurier/shared';
import { IconAlertTriangle, IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { pdfWorker } from './pdf-document';
import { PdfView } from './PdfView';
import classes from './viewer.module.css';

// WebGL and dxf-viewer (three.js) load only for a drawing: a PDF opens without them.
const DrawingView = lazy(() => import('./DrawingView').then((m) => ({ default: m.DrawingView })));

export type ViewedStatus = 'current' | 'outdated' | 'preparation';

export interface PlanViewerProps {
  plan: { number: string; name: string; index: string; status: ViewedStatus };
  /** Set when a newer index exists: the banner names it and leads there when it can. */
  newer: { index: string | null; to: string | null; action?: ReactNode } | null;
  /** `sheet`: the server has drawn the PDF's first page (shown at once); `pages`: a PDF's page count when known. */
  file: { kind: FileKind; filename: string; preview: PreviewStatus | null; sheet: boolean; pages: number | null };
  /** The PDF's address, the sheet picture's address, or the drawing scene's bytes. */
  pdfUrl: () => Promise<string>;
  sheetUrl: () => Promise<string>;
  loadScene: () => Promise<ArrayBuffer>;
  closeTo: string;
  /** The recipient's download button. */
  actions?: ReactNode;
}

/**
 * The plan viewer, the same for the office and the recipient: the plan's number, name, index and
 * status above the sheet, a banner when a newer index exists, the sheet over the whole screen.
 */
export function PlanViewer({ plan, newer, file, pdfUrl, sheetUrl, loadScene, closeTo, actions }: PlanViewerProps) {
  const { t } = useTranslation();
  usePageTitle(`${plan.number} ${plan.name}`);
  const [unreadable, setUnreadable] = useState(false);
  const markUnreadable = useCallback(() => setUnreadable(true), []);
  const drawing = file.kind === 'dwg' || file.kind === 'dxf';

  let body: ReactNode;
  // The server gave up drawing it within its limits (a PDF too): the browser would not fare better.
  if (file.preview === 'too_complex') {
    body = (
      <Center h="100%" p="lg">
        <Stack align="center" gap="sm" maw={420}>
          <IconFileOff size={40} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fw={600} ta="center">
            {t('viewer.tooComplexTitle')}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('viewer.tooComplexText')}
          </Text>
          {actions}
        </Stack>
      </Center>
    );
  } else if (unreadable || (drawing && file.preview === 'failed')) {
    body = (
      <Center h="100%" p="lg">
        <Stack align="center" gap="sm" maw={420}>
          <IconFileOff size={40} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fw={600} ta="center">
            {t('viewer.unreadableTitle')}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('viewer.unreadableText')}
          </Text>
          {actions}
        </Stack>
      </Center>
    );
  } else if (drawing && file.preview !== 'ready') {
    body = (
      <Center h="100%" p="lg">
        <Stack align="center" gap="sm">
          <Loader role="status" aria-label={t('viewer.loading')} />
          <Text c="dimmed" ta="center" size="sm">
            {t('viewer.preparing')}
          </Text>
        </Stack>
      </Center>
    );
  } else if (drawing) {
    body = (
      <Suspense
        fallback={
          <Center h="100%">
            <Loader role="status" aria-label={t('viewer.loading')} />
          </Center>
        }
      >
        <DrawingView loadScene={loadScene} onUnreadable={markUnreadable} />
      </Suspense>
    );
  } else {
    body = (
      <PdfSource
        pdfUrl={pdfUrl}
        sheetUrl={file.sheet ? sheetUrl : null}
        pages={file.pages}
        onUnreadable={markUnreadable}
      />
    );
  }

  return (
    <div className={classes.viewer} data-testid="plan-viewer">
      <header className={classes.header}>
        <ActionIcon
          component={Link}
          to={closeTo}
          size={44}
          variant="subtle"
          color="gray"
          aria-label={t('viewer.close')}
        >
          <IconArrowLeft size={22} />
        </ActionIcon>
        <div className={classes.title}>
          <Text
            component="h1"
            fw={700}
            size="md"
            m={0}
            className={classes.planTitle}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {plan.number} <span className={classes.planName}>{plan.name}</span>
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('viewer.index', { index: plan.index })}
            </Text>
            <Badge size="sm" variant="light" color={STATUS_COLORS[plan.status]} c="dark.7">
              {t(`viewer.status.${plan.status}`)}
            </Badge>
            <Text size="xs" c="dimmed" truncate="end" visibleFrom="sm">
              {file.filename}
            </Text>
          </Group>
        </div>
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </header>
      {newer ? (
        <Alert
          color="orange"
          radius={0}
          py={8}
          icon={<IconAlertTriangle size={18} />}
          className={classes.banner}
          role="alert"
          data-testid="newer-index-banner"
        >
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {newer.index ? t('viewer.newerIndex', { index: newer.index }) : t('viewer.newerIndexUnnamed')}
            </Text>
            {newer.to && newer.index ? (
              <Button component={Link} to={newer.to} size="xs" variant="default">
                {t('viewer.openNewer', { index: newer.index })}
              </Button>
            ) : null}
            {newer.action ?? null}
          </Group>
        </Alert>
      ) : null}
      <main className={classes.body}>{body}</main>
    </div>
  );
}

const STATUS_COLORS: Record<ViewedStatus, string> = { current: 'green', outdated: 'gray', preparation: 'yellow' };

/**
 * The PDF's address is asked for first (the office's is a short-lived link), while pdf.js's worker
 * starts; the sheet (the server's picture of the first page) is fetched meanwhile and shown at once.
 */
function PdfSource({
  pdfUrl,
  sheetUrl,
  pages,
  onUnreadable,
}: {
  pdfUrl: () => Promise<string>;
  sheetUrl: (() => Promise<string>) | null;
  pages: number | null;
  onUnreadable: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [sheet, setSheet] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    pdfWorker();
    pdfUrl().then((made) => current && setUrl(made), onUnreadable);
    return () => {
      current = false;
    };
  }, [pdfUrl, onUnreadable]);
  useEffect(() => {
    if (!sheetUrl) return;
    let current = true;
    // Without a sheet the viewer waits for pdf.js, as it would have before sheets.
    sheetUrl().then(
      (made) => current && setSheet(made),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sheetUrl]);
  return <PdfView url={url} sheet={sheet} pages={pages} onUnreadable={onUnreadable} />;
}
