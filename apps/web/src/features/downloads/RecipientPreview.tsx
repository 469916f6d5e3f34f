import { Button } from '@mantine/core';
import { hasPreview, type RecipientPageFileDto } from '@plankurier/shared';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanThumbnail } from '../previews/PlanThumbnail';
import { isViewableKind, recipientViewerPath } from '../previews/viewable-file';

/** A sent plan's thumbnail, from the recipient's link; a placeholder until it is made or where it cannot be. */
export function RecipientThumbnail({
  token,
  file,
  size,
}: {
  token: string;
  file: RecipientPageFileDto;
  size: 'row' | 'card';
}) {
  const { t } = useTranslation();
  if (!hasPreview(file.kind)) return null;
  const url = `/api/d/${encodeURIComponent(token)}/files/${encodeURIComponent(file._id)}/thumbnail`;
  const [width, height] = size === 'row' ? [56, 40] : [96, 68];
  return (
    <Link to={recipientViewerPath(token, file._id)} aria-label={t('viewer.openPlan', { name: file.filename })}>
      <PlanThumbnail source={{ url }} width={width} height={height} alt="" />
    </Link>
  );
}

/** 'Ansehen': the plan in the viewer. Looking is not downloading: the office sees no download for it. */
export function ViewButton({
  token,
  file,
  fullWidth = false,
}: {
  token: string;
  file: RecipientPageFileDto;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  if (!isViewableKind(file.kind)) return null;
  return (
    <Button
      component={Link}
      to={recipientViewerPath(token, file._id)}
      size={fullWidth ? 'sm' : 'xs'}
      fullWidth={fullWidth}
      variant="default"
      leftSection={<IconEye size={16} />}
      aria-label={t('viewer.openPlan', { name: file.filename })}
    >
      {t('viewer.open')}
    </Button>
  );
}
