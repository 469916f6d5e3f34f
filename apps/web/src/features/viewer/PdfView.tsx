import { Box, Center, Loader, Text, UnstyledButton } from '@mantine/core';
import type { PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawPage, openPdf, type PDFDocumentProxy } from './pdf-document';
import { usePanZoom } from './use-pan-zoom';
import { ZoomControls } from './ZoomControls';
import classes from './viewer.module.css';

/** How long the zoom must rest before the page is drawn again at the new sharpness. */
const REDRAW_AFTER_MS = 180;

/** Puts a drawing made aside onto the canvas on screen in one step. */
function showDrawing(canvas: HTMLCanvasElement, drawing: HTMLCanvasElement) {
  canvas.width = drawing.width;
  canvas.height = drawing.height;
  canvas.getContext('2d')?.drawImage(drawing, 0, 0);
}

/** The server's picture of the first page, decoded, with its size in pixels. */
interface SheetImage {
  src: string;
  width: number;
  height: number;
}

/** The sheet's picture, decoded before it is shown (it then appears whole, never row by row). */
function useSheetImage(src: string | null): SheetImage | null {
  const [image, setImage] = useState<SheetImage | null>(null);
  useEffect(() => {
    if (!src) return;
    let current = true;
    const img = new Image();
    img.src = src;
    img.decode().then(
      () => current && setImage({ src, width: img.naturalWidth, height: img.naturalHeight }),
      () => undefined, // a picture that cannot be shown: the viewer waits for pdf.js
    );
    return () => {
      current = false;
    };
  }, [src]);
  return image;
}

/**
 * A PDF: one page at a time, panned and zoomed by touch, mouse and keys, page thumbnails beside it.
 * The first page shows at once as the server's sheet (a picture) while pdf.js opens the file; pdf.js
 * then draws it sharp in the same place and replaces the picture.
 */
export function PdfView({
  url,
  sheet,
  pages,
  onUnreadable,
}: {
  url: string | null;
  sheet: string | null;
  pages: number | null;
  onUnreadable: () => void;
}) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  const sheetImage = useSheetImage(sheet);
  useEffect(() => {
    if (!url) return;
    const loading = openPdf(url);
    loading.promise.then((opened) => {
      performance.mark('viewer:pdf-opened');
      setPdf(opened);
    }, onUnreadable);
    return () => void loading.destroy();
  }, [url, onUnreadable]);
  useEffect(() => {
    if (!pdf) return;
    let current = true;
    void pdf.getPage(pageNumber).then((p) => current && setPage(p));
    return () => {
      current = false;
    };
  }, [pdf, pageNumber]);

  // The sheet shows until pdf.js has drawn the page, whichever of the two opened first: pdf.js has
  // the page long before its drawing of a plan's lines is done.
  const firstPageSheet = pageNumber === 1 ? sheetImage : null;
  if (!pdf && !firstPageSheet) {
    return (
      <Center h="100%">
        <Loader role="status" aria-label={t('viewer.loading')} />
      </Center>
    );
  }
  // The page strip's place is kept from the start when the page count is known: the sheet never moves.
  const numPages = pdf?.numPages ?? pages ?? 1;
  return (
    <div className={classes.pdfLayout}>
      {numPages > 1 ? (
        pdf ? (
          <PageStrip pdf={pdf} current={pageNumber} onSelect={setPageNumber} />
        ) : (
          <div className={classes.strip} aria-hidden />
        )
      ) : null}
      {page || firstPageSheet ? (
        <PageStage key={pageNumber} page={page} sheet={firstPageSheet} />
      ) : (
        <div className={classes.stage} />
      )}
    </div>
  );
}

function PageStage({ page, sheet }: { page: PDFPageProxy | null; sheet: SheetImage | null }) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The page's shape from the first of the two to arrive (the sheet is the page, drawn by the server):
  // the fit never changes when the other comes, so a pinch begun on the picture goes on on the
  // drawing, and a drawing under way is not cancelled by a sheet a pixel wider.
  const [natural] = useState(() => sheet ?? page!.getViewport({ scale: 1 }));
  const [fitted, setFitted] = useState<{ width: number; height: number } | null>(null);
  const { view, frame, fit, zoomBy } = usePanZoom(frameRef, fitted);
  const [painted, setPainted] = useState(false);

  // The page's size at "fit": the whole sheet in the frame.
  useEffect(() => {
    if (!frame) return;
    const scale = Math.min(frame.width / natural.width, frame.height / natural.height);
    const width = Math.round(natural.width * scale);
    const height = Math.round(natural.height * scale);
    // A new object only for a new size: each one draws the page again and cancels a drawing under way.
    setFitted((old) => (old && old.width === width && old.height === height ? old : { width, height }));
  }, [frame, natural.width, natural.height]);

  // Drawn once at fit, then again, sharper, whenever a zoom has come to rest.
  const zoom = view.scale;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !fitted || !page) return;
    let task: ReturnType<typeof drawPage> | null = null;
    const timer = window.setTimeout(
      () => {
        performance.mark('viewer:draw-started');
        // Once the sheet shows, a new drawing is made aside and swapped in whole: the sheet never blanks.
        const target = painted ? document.createElement('canvas') : canvas;
        task = drawPage(page, target, fitted.width, zoom);
        task.promise.then(
          () => {
            if (target !== canvas) showDrawing(canvas, target);
            performance.mark('viewer:page-drawn');
            setPainted(true);
          },
          () => undefined, // cancelled by the next zoom
        );
      },
      painted ? REDRAW_AFTER_MS : 0,
    );
    return () => {
      window.clearTimeout(timer);
      task?.cancel();
    };
    // `painted` only decides the first delay; a change of it needs no redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, fitted, zoom]);

  const showSheet = sheet !== null && fitted !== null && !painted;
  useEffect(() => {
    if (showSheet) performance.mark('viewer:sheet-shown');
  }, [showSheet]);
  const placed = fitted && {
    width: fitted.width,
    height: fitted.height,
    transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
  };

  return (
    <div className={classes.stage}>
      <div
        ref={frameRef}
        className={classes.frame}
        data-testid="viewer-frame"
        tabIndex={0}
        role="img"
        aria-label={t('viewer.sheet')}
        onKeyDown={(e) => {
          if (e.key === '+' || e.key === '=') zoomBy(1.25);
          else if (e.key === '-') zoomBy(0.8);
          else if (e.key === '0') fit();
        }}
      >
        {placed && page ? (
          <canvas
            ref={canvasRef}
            data-testid="pdf-page"
            data-painted={painted ? 'true' : 'false'}
            data-scale={view.scale.toFixed(3)}
            data-x={view.x.toFixed(1)}
            data-y={view.y.toFixed(1)}
            className={classes.sheet}
            style={placed}
          />
        ) : null}
        {/* Over the canvas until pdf.js has drawn the page whole, moved and scaled with it. */}
        {placed && showSheet ? (
          <img
            src={sheet.src}
            alt=""
            data-testid="pdf-sheet"
            data-scale={view.scale.toFixed(3)}
            className={classes.sheet}
            style={placed}
            draggable={false}
          />
        ) : null}
        {!painted && !showSheet ? (
          <Center className={classes.overlay}>
            <Loader role="status" aria-label={t('viewer.loading')} />
          </Center>
        ) : null}
      </div>
      <ZoomControls scale={view.scale} onZoomIn={() => zoomBy(1.5)} onZoomOut={() => zoomBy(1 / 1.5)} onFit={fit} />
    </div>
  );
}

/** Small pictures of every page; the one shown is marked. */
function PageStrip({
  pdf,
  current,
  onSelect,
}: {
  pdf: PDFDocumentProxy;
  current: number;
  onSelect: (n: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className={classes.strip} aria-label={t('viewer.pages')}>
      {Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((n) => (
        <UnstyledButton
          key={n}
          className={classes.stripItem}
          data-active={n === current || undefined}
          aria-current={n === current ? 'page' : undefined}
          aria-label={t('viewer.page', { page: n, pages: pdf.numPages })}
          onClick={() => onSelect(n)}
        >
          <PageThumbnail pdf={pdf} pageNumber={n} />
          <Text size="xs" ta="center" aria-hidden>
            {n}
          </Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}

const STRIP_WIDTH = 72;

function PageThumbnail({ pdf, pageNumber }: { pdf: PDFDocumentProxy; pageNumber: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let task: ReturnType<typeof drawPage> | null = null;
    let current = true;
    // Drawn when it scrolls into sight: a 200-page set does not draw 200 pages up front.
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      void pdf.getPage(pageNumber).then((page) => {
        if (!current) return;
        task = drawPage(page, canvas, STRIP_WIDTH, 1);
        task.promise.catch(() => undefined);
      });
    });
    observer.observe(canvas);
    return () => {
      current = false;
      observer.disconnect();
      task?.cancel();
    };
  }, [pdf, pageNumber]);
  return <Box component="canvas" ref={ref} w={STRIP_WIDTH} className={classes.stripCanvas} />;
}
