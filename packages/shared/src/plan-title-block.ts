import { normalizeIndex } from './plan-index.ts';
import { normalizePlanNumber } from './plan-numbers.ts';
import type { ParsedPlanName } from './plan-reader.ts';

/**
 * A PDF's file name and its title block, read as one: two readings of the same sheet that agree
 * make the reading surer; two that disagree on the number or the index are never taken silently —
 * the review says which says what and offers both. When the name says nothing, the title block's
 * reading is offered. Pure: the browser and the server combine the same readings.
 */

/** What the title block gave (a `TitleBlockReading` fits); a field the reader did not find is null. */
export interface TitleBlockFields {
  number: string | null;
  index: string | null;
}

export type TitleBlockOutcome =
  /** No title block was read (not a PDF, not read yet, nothing found): the name's reading as it is. */
  | 'none'
  /** The name says no number: the title block's reading is offered, as today. */
  | 'offered'
  /** Number and index agree (a field only one side has is not compared). */
  | 'agrees'
  /** The title block writes a part of the name's number (or the name a part of the title block's): no conflict, no confirmation. */
  | 'partial'
  | 'number_differs'
  | 'index_differs'
  | 'both_differ';

/** Why the combined reading is as sure as it is; the web translates `planSet.titleBlockReason.<reason>`. */
export type TitleBlockReason =
  | 'title_block_confirms_number'
  | 'title_block_confirms_index'
  | 'title_block_without_number'
  | 'title_block_without_index'
  | 'title_block_partial_number';

export interface TitleBlockChoice {
  number: string | null;
  index: string | null;
  source: 'name' | 'title_block';
}

export interface CombinedReading {
  outcome: TitleBlockOutcome;
  /** The reading taken: the name's (until the office chooses), or nothing when the name had no number. */
  number: string | null;
  index: string | null;
  /** 0 … 1: the name's confidence, raised when the title block confirms the number. */
  confidence: number;
  /** What the title block said, as it said it (null: not read). */
  titleBlock: TitleBlockFields | null;
  /** Set on a disagreement: the values for 'Dateiname sagt Index C, Plankopf sagt D'. */
  conflict: { nameNumber: string; nameIndex: string; blockNumber: string; blockIndex: string } | null;
  /** The readings the office chooses from on a disagreement or an offer: the name's first. */
  choices: TitleBlockChoice[];
  reasons: TitleBlockReason[];
}

/** How much of the remaining doubt a title block that confirms the number takes away. */
const CONFIRMATION = 0.5;

const cleanField = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/**
 * One number is the other's end ('A.1001' of 'HPW.ARC.ZZ.00.DR.A.1001', a project number in front) or
 * its start before codes with letters ('…A.1001' of '…A.1001.S.2'); 'A.101.1' is another sheet.
 */
function partOf(short: string, long: string): boolean {
  if (short === long || !short) return false;
  if (long.endsWith(`.${short}`)) return true;
  return long.startsWith(`${short}.`) && /\p{L}/u.test(long.slice(short.length));
}

/** The name's reading and the title block's, combined. */
export function combineWithTitleBlock(
  parsed: Pick<ParsedPlanName, 'number' | 'index' | 'confidence'>,
  block: TitleBlockFields | null | undefined,
): CombinedReading {
  const base: CombinedReading = {
    outcome: 'none',
    number: parsed.number,
    index: parsed.index,
    confidence: parsed.confidence,
    titleBlock: null,
    conflict: null,
    choices: [],
    reasons: [],
  };
  const blockNumber = cleanField(block?.number);
  const blockIndex = cleanField(block?.index) === null ? null : normalizeIndex(block!.index!.trim());
  if (!block || (blockNumber === null && blockIndex === null)) return base;
  const titleBlock = { number: blockNumber, index: blockIndex };
  const offer: TitleBlockChoice = { number: blockNumber, index: blockIndex, source: 'title_block' };
  if (!parsed.number) return { ...base, outcome: 'offered', titleBlock, choices: [offer] };

  const reasons: TitleBlockReason[] = [];
  let numberDiffers = false;
  let numberConfirmed = false;
  let partial = false;
  if (blockNumber === null) reasons.push('title_block_without_number');
  else {
    const fromName = normalizePlanNumber(parsed.number);
    const fromBlock = normalizePlanNumber(blockNumber);
    if (fromName === fromBlock) numberConfirmed = true;
    else if (partOf(fromBlock, fromName) || partOf(fromName, fromBlock)) partial = true;
    else numberDiffers = true;
    if (numberConfirmed) reasons.push('title_block_confirms_number');
    if (partial) reasons.push('title_block_partial_number');
  }
  let indexDiffers = false;
  if (blockIndex === null) reasons.push('title_block_without_index');
  else if (parsed.index !== null) {
    if (normalizeIndex(parsed.index) === blockIndex) reasons.push('title_block_confirms_index');
    else indexDiffers = true;
  }

  if (numberDiffers || indexDiffers) {
    const outcome = numberDiffers && indexDiffers ? 'both_differ' : numberDiffers ? 'number_differs' : 'index_differs';
    // A field the title block left out is the name's in the title block's choice.
    const blockChoice: TitleBlockChoice = {
      number: blockNumber ?? parsed.number,
      index: blockIndex ?? parsed.index,
      source: 'title_block',
    };
    return {
      ...base,
      outcome,
      titleBlock,
      // Two readings of one sheet that disagree: neither is sure.
      confidence: Math.min(parsed.confidence, 0.5),
      conflict: {
        nameNumber: parsed.number,
        nameIndex: parsed.index ?? '–',
        blockNumber: blockChoice.number ?? '–',
        blockIndex: blockChoice.index ?? '–',
      },
      choices: [{ number: parsed.number, index: parsed.index, source: 'name' }, blockChoice],
      reasons,
    };
  }
  // Only a confirmed number raises the confidence: an index alone could fit another plan.
  const confidence = numberConfirmed
    ? Math.round((parsed.confidence + (1 - parsed.confidence) * CONFIRMATION) * 100) / 100
    : parsed.confidence;
  return { ...base, outcome: partial ? 'partial' : 'agrees', titleBlock, confidence, reasons };
}
