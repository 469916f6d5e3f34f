import { Button, Center, Checkbox, Drawer, Loader, ScrollArea, Stack } from '@mantine/core';
import { decodeDrawingScene } from '@plankurier/shared';
import { IconStack2 } from '@tabler/icons-react';
import type { DxfViewer } from 'dxf-viewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSceneViewer, drawingScale, fitDrawing, showScene, zoomDrawing } from './scene-viewer';
import { ZoomControls } from './ZoomControls';
import classes from './viewer.module.css';

interface LayerState {
  name: string;
  label: string;
  shown: boolean;
}

/**
 * A DWG or DXF in 2D, drawn with WebGL by dxf-viewer from the scene the server made after the
 * upload: drag to pan, pinch or wheel to zoom (or the PDF viewer's buttons and keys), layers on and off.
 */
export function DrawingView({
  loadScene,
  onUnreadable,
}: {
  loadScene: () => Promise<ArrayBuffer>;
  onUnreadable: () => void;
}) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<DxfViewer | null>(null);
  const [layers, setLayers] = useState<LayerState[] | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [scale, setScale] = useState(1);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let current = true;
    const viewer = createSceneViewer(container);
    viewerRef.current = viewer;
    void (async () => {
      try {
        if (!viewer.HasRenderer()) throw new Error('no WebGL');
        const scene = decodeDrawingScene(await loadScene());
        if (!current) return;
        await showScene(viewer, scene);
        if (!current) return;
        // Wheel and pinch zoom too: the percentage beside the buttons follows.
        viewer.Subscribe('viewChanged', () => setScale(drawingScale(viewer)));
        setScale(drawingScale(viewer));
        const listed = [...viewer.GetLayers(true)].map((l) => ({ name: l.name, label: l.displayName, shown: true }));
        listed.sort((a, b) => a.label.localeCompare(b.label));
        setLayers(listed);
        viewer.GetCanvas().dataset.painted = 'true';
      } catch {
        if (current) onUnreadable();
      }
    })();
    return () => {
      current = false;
      viewerRef.current = null;
      viewer.Destroy();
    };
  }, [loadScene, onUnreadable]);

  const zoomBy = (factor: number) => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    zoomDrawing(viewer, factor);
    setScale(drawingScale(viewer));
  };
  const fit = () => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    fitDrawing(viewer);
    setScale(drawingScale(viewer));
  };

  const toggle = (name: string, shown: boolean) => {
    viewerRef.current?.ShowLayer(name, shown);
    setLayers((all) => all?.map((l) => (l.name === name ? { ...l, shown } : l)) ?? null);
  };
  const setAll = (shown: boolean) => {
    for (const layer of layers ?? []) viewerRef.current?.ShowLayer(layer.name, shown);
    setLayers((all) => all?.map((l) => ({ ...l, shown })) ?? null);
  };

  const list = (
    <Stack gap={4}>
      <Button.Group>
        <Button size="xs" variant="default" onClick={() => setAll(true)}>
          {t('viewer.layersAllOn')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setAll(false)}>
          {t('viewer.layersAllOff')}
        </Button>
      </Button.Group>
      {(layers ?? []).map((layer) => (
        <Checkbox
          key={layer.name}
          label={layer.label}
          checked={layer.shown}
          onChange={(e) => toggle(layer.name, e.currentTarget.checked)}
          py={6}
        />
      ))}
    </Stack>
  );

  return (
    <div className={classes.drawingLayout}>
      <div className={classes.stage}>
        <div
          className={classes.frame}
          tabIndex={0}
          role="img"
          aria-label={t('viewer.sheet')}
          onKeyDown={(e) => {
            if (e.key === '+' || e.key === '=') zoomBy(1.25);
            else if (e.key === '-') zoomBy(0.8);
            else if (e.key === '0') fit();
          }}
        >
          {/* dxf-viewer makes its container position: relative; the frame around it keeps the size. */}
          <div ref={containerRef} style={{ width: '100%', height: '100%' }} data-testid="drawing-frame" />
        </div>
        {layers === null ? (
          <Center className={classes.overlay}>
            <Loader role="status" aria-label={t('viewer.loading')} />
          </Center>
        ) : null}
        {layers !== null ? (
          <ZoomControls scale={scale} onZoomIn={() => zoomBy(1.5)} onZoomOut={() => zoomBy(1 / 1.5)} onFit={fit} />
        ) : null}
        {layers !== null && layers.length > 0 ? (
          <Button
            className={classes.layerButton}
            variant="default"
            size="md"
            leftSection={<IconStack2 size={18} />}
            onClick={() => setPanelOpen(true)}
          >
            {t('viewer.layers', { count: layers.filter((l) => l.shown).length, total: layers.length })}
          </Button>
        ) : null}
      </div>
      <Drawer
        opened={panelOpen}
        onClose={() => setPanelOpen(false)}
        position="right"
        size="xs"
        // Above the viewer, which covers the app frame.
        zIndex={400}
        title={t('viewer.layersTitle')}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        {list}
      </Drawer>
    </div>
  );
}
