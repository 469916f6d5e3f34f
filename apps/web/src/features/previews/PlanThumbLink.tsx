import { HoverCard, UnstyledButton } from '@mantine/core';
import type { FileDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoverIntent } from '../../components/use-hover-intent';
import { preloadViewer } from '../viewer/preload-viewer';
import { PlanThumbnail } from './PlanThumbnail';
import { officeViewerPath } from './viewable-file';

const HOVER_DELAY_MS = 300;

/**
 * A plan's thumbnail in its list row: tapped or clicked it opens the viewer; on a desktop, pointing
 * at it shows it larger. The row's own click (selection) is not triggered.
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
  const { t } = useTranslation();
  const source = { fileId: file._id, preview: file.preview };
  // The larger view is mounted once pointed at (a list of 2,000 rows scrolls past most of them).
  const hover = useHoverIntent(HOVER_DELAY_MS);
  const ready = file.preview === 'ready';
  const link = (
    <UnstyledButton
      component={Link}
      to={officeViewerPath(projectId, file._id)}
      aria-label={t('viewer.openPlan', { name })}
      onClick={(e) => e.stopPropagation()}
      {...(ready && !hover.active ? hover.handlers : {})}
      onPointerDown={() => {
        hover.handlers.onPointerDown();
        preloadViewer(file.kind);
      }}
      data-testid="plan-thumb-link"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, flexShrink: 0 }}
    >
      <PlanThumbnail source={source} width={36} height={26} alt="" />
    </UnstyledButton>
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
