import { HoverCard, UnstyledButton } from '@mantine/core';
import type { FileDto } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preloadViewer } from '../viewer/preload-viewer';
import { PlanThumbnail } from './PlanThumbnail';
import { officeViewerPath } from './viewable-file';

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
  return (
    <HoverCard openDelay={300} position="right-start" shadow="md" withinPortal disabled={file.preview !== 'ready'}>
      <HoverCard.Target>
        <UnstyledButton
          component={Link}
          to={officeViewerPath(projectId, file._id)}
          aria-label={t('viewer.openPlan', { name })}
          onClick={(e) => e.stopPropagation()}
          onPointerDown={() => preloadViewer(file.kind)}
          data-testid="plan-thumb-link"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, flexShrink: 0 }}
        >
          <PlanThumbnail source={source} width={36} height={26} alt="" />
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown p={4}>
        <PlanThumbnail source={source} width={240} height={170} alt={t('viewer.thumbnail', { name })} />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
