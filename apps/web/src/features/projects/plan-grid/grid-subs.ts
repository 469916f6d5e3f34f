import { subKey, type ProjectBundle, type SubscriptionBody, type SubscriptionDto } from '@plankurier/shared';
import { subOf, type SubIndex } from '../model/sub-index';

/** The two formats a cell toggles. */
export type GridFormat = 'pdf' | 'tec';
export const GRID_FORMATS: readonly GridFormat[] = ['pdf', 'tec'];

export interface Formats {
  getsPdf: boolean;
  getsTec: boolean;
}

const NONE: Formats = { getsPdf: false, getsTec: false };

export const formatsOf = (index: SubIndex, docId: string, participantId: string): Formats =>
  subOf(index, docId, participantId) ?? NONE;

export const hasFormat = (formats: Formats, format: GridFormat) =>
  format === 'pdf' ? formats.getsPdf : formats.getsTec;

const withFormat = (formats: Formats, format: GridFormat, on: boolean): Formats =>
  format === 'pdf' ? { getsPdf: on, getsTec: formats.getsTec } : { getsPdf: formats.getsPdf, getsTec: on };

/** The item that flips one format of one cell; both formats are sent so that nothing comes from defaults. */
export function cellToggleItem(
  index: SubIndex,
  docId: string,
  participantId: string,
  format: GridFormat,
): SubscriptionBody {
  const current = formatsOf(index, docId, participantId);
  const next = withFormat(current, format, !hasFormat(current, format));
  return { docId, participantId, getsPdf: next.getsPdf, getsTec: next.getsTec };
}

/**
 * The items that set `format` to `on` for every (doc, participant) pair, leaving the other format
 * as it is; pairs that already have it are left out, so the length is the number of cells that change.
 */
export function expandToggle(
  index: SubIndex,
  docIds: readonly string[],
  participantIds: readonly string[],
  format: GridFormat,
  on: boolean,
): SubscriptionBody[] {
  const items: SubscriptionBody[] = [];
  for (const docId of docIds) {
    for (const participantId of participantIds) {
      const current = formatsOf(index, docId, participantId);
      if (hasFormat(current, format) === on) continue;
      const next = withFormat(current, format, on);
      items.push({ docId, participantId, getsPdf: next.getsPdf, getsTec: next.getsTec });
    }
  }
  return items;
}

/** How many cells of a row, column or group have each format. */
export interface FormatCount {
  pdf: number;
  tec: number;
}

/** Two counts show the same toggles (no count is none of either). */
export const sameCount = (a: FormatCount | undefined, b: FormatCount | undefined) =>
  (a?.pdf ?? 0) === (b?.pdf ?? 0) && (a?.tec ?? 0) === (b?.tec ?? 0);

export type ToggleState = 'all' | 'some' | 'none';

/** all / some / none of `total` cells have the format; an empty range is 'none'. */
export function toggleState(count: FormatCount | undefined, format: GridFormat, total: number): ToggleState {
  const n = count ? count[format] : 0;
  if (total === 0 || n === 0) return 'none';
  return n >= total ? 'all' : 'some';
}

/**
 * The bundle as it will be once the items are applied (the optimistic update): formats replaced,
 * new subscriptions added under their key and GRAY, pairs with both formats off removed.
 */
export function withSubscriptionItems(bundle: ProjectBundle, items: readonly SubscriptionBody[]): ProjectBundle {
  const wanted = new Map<string, SubscriptionBody>();
  for (const item of items) wanted.set(subKey(item.participantId, item.docId), item);
  // Only subscriptions of the items' docs need a key: one toggle must not join 50,000 of them.
  const docs = new Set(items.map((item) => item.docId));
  const subs: SubscriptionDto[] = [];
  for (const sub of bundle.subs) {
    if (!docs.has(sub.doc)) {
      subs.push(sub);
      continue;
    }
    const key = subKey(sub.participant, sub.doc);
    const item = wanted.get(key);
    if (!item) {
      subs.push(sub);
      continue;
    }
    wanted.delete(key);
    const getsPdf = item.getsPdf ?? sub.getsPdf;
    const getsTec = item.getsTec ?? sub.getsTec;
    if (getsPdf || getsTec) subs.push({ ...sub, getsPdf, getsTec });
  }
  for (const item of wanted.values()) {
    const getsPdf = item.getsPdf ?? false;
    const getsTec = item.getsTec ?? false;
    if (!getsPdf && !getsTec) continue;
    subs.push({
      // Named as the bundle names every subscription (bundle-wire.ts): the confirmed row takes its place.
      _id: subKey(item.participantId, item.docId),
      doc: item.docId,
      participant: item.participantId,
      getsPdf,
      getsTec,
      deliverAgain: false,
      state: { deliver: 'GRAY' },
    });
  }
  return { ...bundle, subs };
}
