import { Alert, Box, Loader, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { qrPositionFromTopLeft, qrSquareFromTopLeft } from '@plankurier/shared';
import { IconAlertTriangle, IconQrcode } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fileApi } from '../../../api/project-api';
import { renderFirstPage, type RenderedPage } from './pdf-first-page';

const PREVIEW_WIDTH = 380;
/** The square is drawn at its true size, but is grabbed by an area at least this big (WCAG 2.5.8; a finger: 44 px). */
const GRAB_PX = { pointer: 24, touch: 44 };

interface QrPlacementPreviewProps {
  fileId: string;
  qr: { x: number; y: number; width: number; hasBorder: boolean };
  onMove: (position: { x: number; y: number }) => void;
}

/**
 * The first page of the plan (as uploaded, without a code) with the QR square on it. Dragging the
 * square — or moving it with the arrow keys, 1 mm per press (Shift: 10 mm) — sets the position in
 * millimetres from the bottom-right corner.
 */
export function QrPlacementPreview({ fileId, qr, onMove }: QrPlacementPreviewProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [page, setPage] = useState<RenderedPage | null>(null);
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ pointerX: number; pointerY: number; leftMm: number; topMm: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setPage(null);
    setFailed(false);
    void (async () => {
      try {
        const { url } = await fileApi.downloadLink(fileId);
        const rendered = await renderFirstPage(`${url}&original=1`, canvasRef.current!, PREVIEW_WIDTH);
        if (!cancelled) setPage(rendered);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [fileId]);

  // A phone's panel is narrower than the preview is drawn: it is shown (and dragged) at the width there is.
  const { ref: frameRef, width: frameWidth } = useElementSize<HTMLDivElement>();
  const shown = frameWidth > 0 ? Math.min(PREVIEW_WIDTH, frameWidth) : PREVIEW_WIDTH;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!page || !canvas) return;
    canvas.style.width = `${shown}px`;
    canvas.style.height = `${(shown * page.heightMm) / page.widthMm}px`;
  }, [page, shown]);
  const touch = useMediaQuery('(pointer: coarse), (max-width: 48em)') ?? false;
  const pxPerMm = page ? shown / page.widthMm : 0;
  const square = page ? qrSquareFromTopLeft(page, qr) : null;
  const squarePx = qr.width * pxPerMm;
  const grabPx = Math.max(squarePx, touch ? GRAB_PX.touch : GRAB_PX.pointer);
  const grabInset = (grabPx - squarePx) / 2;
  const moveTo = (leftMm: number, topMm: number) => {
    if (page) onMove(qrPositionFromTopLeft(page, { leftMm, topMm, width: qr.width }));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!square) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, ...square };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !pxPerMm) return;
    moveTo(
      start.leftMm + (event.clientX - start.pointerX) / pxPerMm,
      start.topMm + (event.clientY - start.pointerY) / pxPerMm,
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!square) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(square.leftMm + move[0], square.topMm + move[1]);
  };

  if (failed) {
    return (
      <Alert variant="light" color="gray" icon={<IconAlertTriangle size={16} />}>
        {t('qr.previewFailed')}
      </Alert>
    );
  }

  return (
    <Box
      ref={frameRef}
      pos="relative"
      w="100%"
      maw={PREVIEW_WIDTH + 2}
      mih={page ? undefined : 160}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
        overflow: 'hidden',
        background: 'white',
      }}
      data-testid="qr-preview"
    >
      <canvas ref={canvasRef} style={{ display: 'block' }} aria-label={t('qr.previewLabel')} role="img" />
      {page && square ? (
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('qr.dragLabel')}
          aria-valuetext={t('qr.positionText', { x: qr.x, y: qr.y })}
          aria-valuenow={qr.x}
          data-testid="qr-square"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            left: square.leftMm * pxPerMm - grabInset,
            top: square.topMm * pxPerMm - grabInset,
            width: grabPx,
            height: grabPx,
            cursor: 'move',
            touchAction: 'none',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <div
            style={{
              width: squarePx,
              height: squarePx,
              flex: 'none',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(255,255,255,0.85)',
              outline: `2px solid var(--mantine-color-brand-6)`,
              boxShadow: qr.hasBorder ? 'inset 0 0 0 3px white' : undefined,
            }}
          >
            <IconQrcode size={Math.max(12, squarePx * 0.8)} stroke={1.5} />
          </div>
        </div>
      ) : (
        <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
          <Loader size="sm" role="status" aria-label={t('qr.previewLoading')} />
        </Box>
      )}
      {page ? (
        <Text size="xs" c="dimmed" px={6} py={2} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {t('qr.pageSize', { width: Math.round(page.widthMm), height: Math.round(page.heightMm) })}
        </Text>
      ) : null}
    </Box>
  );
}
