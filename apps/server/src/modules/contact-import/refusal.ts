import type { ImportDetails, MsgCode } from '@plankurier/shared';

/** A file the import refuses as a whole (nothing of it is imported), with the line that decided it. */
export class ImportRefusal extends Error {
  /** What was recognised of the file before it was refused, when anything was. */
  details: ImportDetails | null = null;

  constructor(
    readonly msgCode: MsgCode,
    readonly line: number | null = null,
  ) {
    super(msgCode);
  }
}
