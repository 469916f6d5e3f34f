import { VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip';
import { formatDate, type DocDto, ICON_TOOLTIP_DELAY_MS } from '@plankurier/shared';
import { PlanThumbLink } from '../../previews/PlanThumbLink';
import { currentLocale } from '../../../i18n';
import { useRowT } from '../../../i18n/use-row-t';
import type { DocRowInfo } from '../model/project-model';
import type { DownloadState } from '../participants/download-state';
import classes from '../folders/folder-list.module.css';
import { ItemRow } from '../folders/ItemRow';
import type { RowDrag } from '../folders/SortableRow';

interface DocRowProps {
  projectId: string;
  doc: DocDto;
  info: DocRowInfo;
  /** Aggregate download state over the doc's subscriptions. */
  download: DownloadState | null;
  selected: boolean;
  onSelect: () => void;
  drag: RowDrag;
}

/** One plan or document: delivery and download state, number, name, current index, release date, formats and page format. */
export function DocRow({ projectId, doc, info, download, selected, onSelect, drag }: DocRowProps) {
  const t = useRowT();
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
        {info.viewFile ? <PlanThumbLink projectId={projectId} file={info.viewFile} name={doc.name} /> : null}
        <button
          type="button"
          className={`${classes.plainButton} mantine-focus-auto`}
          aria-pressed={selected}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
        >
          <span className={`${classes.cellText} ${classes.truncate} ${classes.block}`} title={doc.name}>
            {doc.name}
          </span>
        </button>
        {info.preparedIndex ? (
          <>
            <LazyTooltip
              label={t('docs.preparedIndex', { index: info.preparedIndex })}
              openDelay={ICON_TOOLTIP_DELAY_MS}
            >
              <span className={`${classes.badge} ${classes.preparedBadge} ${classes.fromMedium}`}>
                {t('docs.prepared')}
              </span>
            </LazyTooltip>
            {/* A narrow list has no room for the words: the index in preparation, said in full to screen readers. */}
            <span className={classes.narrowOnly}>
              <LazyTooltip
                label={t('docs.preparedIndex', { index: info.preparedIndex })}
                openDelay={ICON_TOOLTIP_DELAY_MS}
              >
                <span className={`${classes.badge} ${classes.preparedBadge}`}>
                  <span aria-hidden>{info.preparedIndex}</span>
                  <VisuallyHidden>{t('docs.preparedIndex', { index: info.preparedIndex })}</VisuallyHidden>
                </span>
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
          <span key={format} className={`${classes.badge} ${classes.formatBadge}`}>
            {format}
          </span>
        ))}
      </div>
      <span className={`${classes.cellText} ${classes.dimmed} ${classes.fromWide}`}>{info.pageFormat ?? ''}</span>
    </ItemRow>
  );
}
