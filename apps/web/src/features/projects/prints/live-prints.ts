import type { PrintDto } from '@plankurier/shared';

/** The prints an 'updateData' event carries (`{ prints: { [id]: PrintDto } }`), if any. */
export function printsFromEvent(payload: unknown): PrintDto[] {
  if (!payload || typeof payload !== 'object' || !('prints' in payload)) return [];
  const { prints } = payload as { prints: unknown };
  if (!prints || typeof prints !== 'object') return [];
  return Object.values(prints).filter(
    (p): p is PrintDto =>
      Boolean(p) && typeof p === 'object' && typeof (p as PrintDto)._id === 'string' && 'isFinished' in p,
  );
}

/** An update applies to the print with that id only (spec §4: a mismatch is ignored); finished stays finished. */
export function applyPrintUpdate(current: PrintDto, update: PrintDto): PrintDto {
  if (update._id !== current._id) return current;
  if (current.isFinished || current.isFailed) return current;
  return update;
}
