import type { DeliverState, SubscriptionDto } from '@plankurier/shared';
import type { TFunction } from 'i18next';
import { compileText } from '../../../i18n/compiled-text';
import { receiptLabel } from '../participants/ReceiptMark';
import type { DownloadState } from '../participants/download-state';
import type { GridFormat } from './grid-subs';
import { formatText } from './GridToggle';

/** The Planraster's accessible names, translated once per language (the grid draws thousands per scroll). */
export interface GridLabels {
  cell: (doc: string, participant: string, format: GridFormat) => string;
  row: (doc: string, format: GridFormat) => string;
  column: (participant: string, format: GridFormat) => string;
  group: (group: string, participant: string, format: GridFormat) => string;
  groupAll: (group: string, format: GridFormat) => string;
  /** A folder's or phase's switch whose format stands for plans added later. */
  standing: (place: string) => string;
  /** A plan's switch that a folder's or phase's standing subscription turned on. */
  fromRule: (place: string) => string;
  deliver: (state: DeliverState) => string;
  /** A cell's dot: its delivery state, and the confirmation of receipt when one is asked for. */
  cellDot: (sub: SubscriptionDto) => string;
  /** The download mark: the participant list's words. */
  download: (state: DownloadState) => string;
}

export function gridLabels(t: TFunction): GridLabels {
  const cell = compileText(t, 'planGrid.cellToggle', ['doc', 'participant', 'format']);
  const row = compileText(t, 'planGrid.rowToggle', ['doc', 'format']);
  const column = compileText(t, 'planGrid.columnToggle', ['participant', 'format']);
  const group = compileText(t, 'planGrid.groupToggle', ['group', 'participant', 'format']);
  const groupAll = compileText(t, 'planGrid.groupToggleAll', ['group', 'format']);
  const standing = compileText(t, 'planGrid.standing', ['group']);
  const fromRule = compileText(t, 'planGrid.fromRule', ['group']);
  const deliverTexts = new Map<DeliverState, string>();
  const deliver = (state: DeliverState) => {
    let text = deliverTexts.get(state);
    if (text === undefined) deliverTexts.set(state, (text = t(`planGrid.deliver.${state}`)));
    return text;
  };
  const downloadTexts = { red: t('participants.download.red'), green: t('participants.download.green') };
  return {
    cell: (doc, participant, format) => cell({ doc, participant, format: formatText(format) }),
    row: (doc, format) => row({ doc, format: formatText(format) }),
    column: (participant, format) => column({ participant, format: formatText(format) }),
    group: (name, participant, format) => group({ group: name, participant, format: formatText(format) }),
    groupAll: (name, format) => groupAll({ group: name, format: formatText(format) }),
    standing: (group) => standing({ group }),
    fromRule: (group) => fromRule({ group }),
    deliver,
    cellDot: (sub) =>
      sub.state.receipt
        ? `${deliver(sub.state.deliver)} · ${receiptLabel(t, sub.state.receipt)}`
        : deliver(sub.state.deliver),
    download: (state) => downloadTexts[state],
  };
}
