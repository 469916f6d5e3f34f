import type { PreviewStatus } from '@plankurier/shared';
import { IconFileOff, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { officeThumbnailUrl } from './thumbnail-cache';

interface PlanThumbnailProps {
  /** The office's file (fetched with the session) or a ready URL (the recipient's link). */
  source: { fileId: string; preview: PreviewStatus | null } | { url: string };
  width: number;
  height: number;
  alt: string;
}

/**
 * A plan's thumbnail in a fixed box (the list's rows do not move when it arrives). Until it is
 * made, and for files that cannot be drawn, a quiet placeholder stands in its place. Plain
 * elements: a scrolling plan list mounts one per row.
 */
export function PlanThumbnail({ source, width, height, alt }: PlanThumbnailProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>('url' in source ? source.url : null);
  const [failed, setFailed] = useState(false);
  const fileId = 'fileId' in source ? source.fileId : null;
  const ready = 'fileId' in source ? source.preview === 'ready' : true;
  useEffect(() => {
    if (fileId === null || !ready) return;
    let current = true;
    void officeThumbnailUrl(fileId).then((made) => current && setUrl(made));
    return () => {
      current = false;
    };
  }, [fileId, ready]);

  const box = {
    width,
    height,
    flexShrink: 0,
    borderRadius: 4,
    border: '1px solid var(--mantine-color-gray-3)',
    background: 'var(--mantine-color-gray-0)',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  // Drawing it passed the preview process's time or memory limit: said so, not drawn again.
  const tooComplex = 'fileId' in source && source.preview === 'too_complex';
  const cannotDraw = failed || tooComplex || ('fileId' in source && source.preview === 'failed');
  if (!url || cannotDraw || !ready) {
    const Icon = cannotDraw ? IconFileOff : IconPhoto;
    const label = tooComplex ? t('viewer.tooComplexTitle') : alt;
    return (
      <div
        style={{ ...box, flexDirection: 'column', gap: 4 }}
        data-testid="thumbnail-placeholder"
        role="img"
        aria-label={label}
        title={tooComplex ? label : undefined}
      >
        <Icon size={Math.min(width, height) * 0.5} color="var(--mantine-color-gray-5)" aria-hidden />
        {/* Only where there is room for it (the hover card); rows say it by the title. */}
        {tooComplex && width >= 160 && (
          <span style={{ fontSize: 12, color: 'var(--mantine-color-gray-7)', textAlign: 'center' }}>{label}</span>
        )}
      </div>
    );
  }
  return (
    <div style={box}>
      <img
        src={url}
        alt={alt}
        style={{ display: 'block', objectFit: 'contain', width, height }}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
