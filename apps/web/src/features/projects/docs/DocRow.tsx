import { Badge, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { formatDate, type DocDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlanThumbLink } from '../../previews/PlanThumbLink';
import { currentLocale } from '../../../i18n';
import type { DocRowInfo } from '../model/project-model';
import type { DownloadState } from '../participants/download-state';
import classes from '../folders/folder-list.module.css';
import { ItemRow } from '../folders/ItemRow';
import type { RowDrag } from '../folders/SortableRow';

interface DocRowProps {
  doc: DocDto;
  info: DocRowInfo;
  /** Aggregate download state over the doc's subscriptions. */
  download: DownloadState | null;
  selected: boolean;
  onSelect: () => void;
  drag: RowDrag;
}

/** One plan or document: delivery and download state, number, name, current index, release date, formats and page format. */
export function DocRow({ doc, info, download, selected, onSelect, drag }: DocRowProps) {
  const { t } = useTranslation();
  const { projectId } = useParams();
  return (
    <ItemRow
      selected={selected}
      onSelect={onSelect}
      drag={drag}
      dots={{ deliver: doc.state.deliver, download }}
      data-folder-id={doc.folder}
    >
      <span className={`${classes.cellText} ${classes.truncate}`} style={{ fontWeight: 600 }} title={doc.number}>
        {doc.number}
      </span>
      <div className={classes.nameCell}>
        {info.viewFile && projectId ? (
          <PlanThumbLink projectId={projectId} file={info.viewFile} name={doc.name} />
        ) : null}
        <UnstyledButton
          aria-pressed={selected}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
          style={{ minWidth: 0 }}
        >
          <span className={`${classes.cellText} ${classes.truncate} ${classes.block}`} title={doc.name}>
            {doc.name}
          </span>
        </UnstyledButton>
        {info.preparedIndex ? (
          <>
            <LazyTooltip
              label={t('docs.preparedIndex', { index: info.preparedIndex })}
              openDelay={ICON_TOOLTIP_DELAY_MS}
            >
              <Badge
                size="xs"
                variant="light"
                color="yellow"
                radius="sm"
                tt="none"
                className={classes.fromMedium}
                style={{ flexShrink: 0 }}
              >
                {t('docs.prepared')}
              </Badge>
            </LazyTooltip>
            {/* A narrow list has no room for the words: the index in preparation, said in full to screen readers. */}
            <span className={classes.narrowOnly}>
              <LazyTooltip
                label={t('docs.preparedIndex', { index: info.preparedIndex })}
                openDelay={ICON_TOOLTIP_DELAY_MS}
              >
                <Badge size="xs" variant="light" color="yellow" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                  <span aria-hidden>{info.preparedIndex}</span>
                  <VisuallyHidden>{t('docs.preparedIndex', { index: info.preparedIndex })}</VisuallyHidden>
                </Badge>
              </LazyTooltip>
            </span>
          </>
        ) : null}
      </div>
      <span className={classes.cellText} style={{ fontWeight: 700 }}>
        {info.currentIndex ?? ''}
      </span>
      <span className={`${classes.cellText} ${classes.dimmed} ${classes.fromMedium}`}>
        {info.releaseDate ? formatDate(info.releaseDate, currentLocale()) : ''}
      </span>
      <div className={`${classes.formats} ${classes.fromMedium}`}>
        {info.formats.map((format) => (
          <Badge key={format} size="xs" variant="outline" color="gray.7" radius="sm">
            {format}
          </Badge>
        ))}
      </div>
      <span className={`${classes.cellText} ${classes.dimmed} ${classes.fromWide}`}>{info.pageFormat ?? ''}</span>
    </ItemRow>
  );
}
