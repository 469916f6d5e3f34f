import { HoverCard } from '@mantine/core';
import type { FileDto } from '@plankurier/shared';
import { useNavigate } from 'react-router';
import { opensInApp } from '../../components/in-app-click';
import { useHoverIntent } from '../../components/use-hover-intent';
import { useRowT } from '../../i18n/use-row-t';
import { preloadViewer } from '../viewer/preload-viewer';
import { PlanThumbnail } from './PlanThumbnail';
import { officeViewerPath } from './viewable-file';

const HOVER_DELAY_MS = 300;

const LINK_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  flexShrink: 0,
  color: 'inherit',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
} as const;

/**
 * A plan's thumbnail in its list row: tapped or clicked it opens the viewer; on a desktop, pointing
 * at it shows it larger. The row's own click (selection) is not triggered. A plain link (the list
 * mounts one per row as it scrolls), following the app's routes as react-router's Link would.
 */
export function PlanThumbLink({
  projectId,
  file,
  name,
}: {
  projectId: string;
  file: Pick<FileDto, '_id' | 'kind' | 'preview'>;
  name: string;
}) {
  const t = useRowT();
  const navigate = useNavigate();
  const source = { fileId: file._id, preview: file.preview };
  const path = officeViewerPath(projectId, file._id);
  // The larger view is mounted once pointed at (a list of 2,000 rows scrolls past most of them).
  const hover = useHoverIntent(HOVER_DELAY_MS);
  const ready = file.preview === 'ready';
  const link = (
    <a
      href={path}
      className="mantine-focus-auto"
      aria-label={t('viewer.openPlan', { name })}
      onClick={(e) => {
        e.stopPropagation();
        if (!opensInApp(e)) return;
        e.preventDefault();
        void navigate(path);
      }}
      {...(ready && !hover.active ? hover.handlers : {})}
      onPointerDown={() => {
        hover.handlers.onPointerDown();
        preloadViewer(file.kind);
      }}
      data-testid="plan-thumb-link"
      style={LINK_STYLE}
    >
      <PlanThumbnail source={source} width={36} height={26} alt="" />
    </a>
  );
  if (!ready || !hover.active) return link;
  return (
    <HoverCard openDelay={HOVER_DELAY_MS} position="right-start" shadow="md" withinPortal initiallyOpened>
      <HoverCard.Target>{link}</HoverCard.Target>
      <HoverCard.Dropdown p={4}>
        <PlanThumbnail source={source} width={240} height={170} alt={t('viewer.thumbnail', { name })} />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
