import { compareIndexes, nextIndex, normalizeIndex } from './plan-index.ts';
import type { NamingContext, NamingKey } from './plan-names.ts';
import { parsePlanFilename, type ParsedPlanName } from './plan-reader.ts';
import { KnownNumbers, normalizePlanNumber } from './plan-numbers.ts';
import { combineWithTitleBlock, type CombinedReading, type TitleBlockFields } from './plan-title-block.ts';
import type { Doctype, FileKind } from './projects.ts';
import type { MainFileKind } from './upload-rules.ts';

/**
 * A dropped set of plan files checked before anything is written: each file to its plan by number,
 * partner files of one plan and index grouped, the index compared with the plan's current and
 * prepared ones, and everything that needs a decision named with a suggestion. The browser shows it
 * at once; the server runs the same check on the same names and edits before it writes.
 */

/** A plan or document of the project as the check needs it. */
export interface SetPlan {
  docId: string;
  number: string;
  name: string;
  folderId: string;
  doctype: Doctype;
  currentIndex: string | null;
  /** The version in preparation: the set's files go there when its index is the set's. */
  prepared: { versionId: string; index: string; kinds: readonly FileKind[] } | null;
}

export interface SetFile {
  /** The browser's key of the dropped file (unique within the set). */
  key: string;
  filename: string;
  size: number;
  /** The hex SHA-256 of its content, when the browser computed it (a stored file has its size). */
  sha256?: string | undefined;
  /** What the PDF's title block says, when the browser had it read: compared with the name. */
  titleBlock?: TitleBlockFields | undefined;
}

/** A file of a plan's current or prepared version whose SHA-256 one of the dropped files has. */
export interface StoredSetFile {
  sha256: string;
  docId: string;
  number: string;
  index: string;
  status: 'current' | 'preparation';
}

/** What the office changed in a row; applies to the file (the table applies it to the partner files too). */
export interface SetFileEdit {
  number?: string | undefined;
  index?: string | undefined;
  name?: string | undefined;
  /** Where a new plan goes (an existing plan stays in its folder). */
  folderId?: string | undefined;
  skip?: boolean | undefined;
}

export const SET_PROBLEM_CODES = [
  'unsupported_format',
  'no_number',
  'not_a_plan',
  'maybe_not_a_plan',
  'no_index',
  'ambiguous_number',
  'new_plan',
  'index_older',
  'index_equal',
  'index_skipped',
  'index_other_style',
  'duplicate_format',
  'two_indexes',
  'format_in_prepared',
  'prepared_other_index',
  'prepared_index_changes',
  'tec_without_pdf',
  'possible_index',
  'pattern_mismatch',
  'already_there',
  'reading_two_indexes',
  'reading_number_not_unique',
  'reading_index_or_number',
  'reading_no_convention',
  'reading_title_block_number',
  'reading_title_block_index',
  'reading_title_block_both',
] as const;
export type SetProblemCode = (typeof SET_PROBLEM_CODES)[number];

/** block: the file cannot go as it is (change the row or leave the file out); warn: look at it; info: said once. */
export type SetProblemLevel = 'block' | 'warn' | 'info';
export type SetAction =
  | 'set_index'
  | 'set_number'
  | 'skip'
  | 'create_plan'
  | 'read_title_block'
  | 'add_pdf'
  | 'choose_index_style'
  | 'release_or_delete_prepared'
  | 'choose_reading';

export interface SetProblem {
  code: SetProblemCode;
  level: SetProblemLevel;
  params: Record<string, string>;
  /** What the office can do about it, with the value to take ('D'). */
  suggestion: { action: SetAction; value?: string };
}

export interface ReviewFile {
  key: string;
  filename: string;
  size: number;
  kind: MainFileKind | null;
  parsed: ParsedPlanName;
  /** The name's reading with the title block's (a PDF's, when read): agreement, disagreement, offer. */
  titleBlock: CombinedReading;
  number: string | null;
  name: string;
  index: string | null;
  folderId: string;
  docId: string | null;
  /** The plan-and-index group this file uploads with; null when it goes nowhere (skipped, no number or index). */
  groupKey: string | null;
  skip: boolean;
  edited: boolean;
  problems: SetProblem[];
}

export type GroupAction = 'new_plan' | 'new_version' | 'prepared';

export interface ReviewGroup {
  key: string;
  docId: string | null;
  number: string;
  name: string;
  index: string;
  folderId: string;
  fileKeys: string[];
  kinds: MainFileKind[];
  currentIndex: string | null;
  /** The prepared version the files go into (its index changes when it had no files and another index). */
  preparedVersionId: string | null;
  action: GroupAction;
  problems: SetProblem[];
}

export interface SetReview {
  files: ReviewFile[];
  groups: ReviewGroup[];
  /** Problems of level block on files that are not left out: confirming waits for these. */
  blocking: number;
  /** Files that will be uploaded. */
  uploads: number;
  newPlans: number;
}

export interface SetCheckInput {
  files: readonly SetFile[];
  edits?: Readonly<Record<string, SetFileEdit>>;
  plans: readonly SetPlan[];
  dropFolderId: string;
  namingKey: NamingKey;
  context?: Omit<NamingContext, 'knownNumbers'>;
  /** The project's current and prepared files with the hashes of dropped files: those are there already. */
  stored?: readonly StoredSetFile[];
}

const problem = (
  code: SetProblemCode,
  level: SetProblemLevel,
  params: Record<string, string>,
  suggestion: SetProblem['suggestion'],
): SetProblem => ({ code, level, params, suggestion });

const clean = (value: string | undefined) => (value === undefined ? undefined : value.trim());

/** The review of a dropped set: every file with its plan, index, partners and problems. */
export function checkPlanSet(input: SetCheckInput): SetReview {
  const { files, plans, dropFolderId, namingKey } = input;
  const edits = input.edits ?? {};
  const known = new KnownNumbers(plans.map((p) => p.number));
  const context: NamingContext = { ...input.context, knownNumbers: known };
  const plansByNumber = new Map<string, SetPlan[]>();
  for (const plan of plans) {
    const normal = normalizePlanNumber(plan.number);
    plansByNumber.set(normal, [...(plansByNumber.get(normal) ?? []), plan]);
  }

  const storedByHash = new Map((input.stored ?? []).map((f) => [f.sha256.toLowerCase(), f]));

  const reviewed = files.map((file): ReviewFile => {
    const parsed = parsePlanFilename(file.filename, namingKey, context);
    const titleBlock = combineWithTitleBlock(parsed, parsed.kind === 'pdf' ? file.titleBlock : null);
    const edit = edits[file.key] ?? {};
    const edited = Object.values(edit).some((v) => v !== undefined);
    const kind = parsed.kind;
    const number = clean(edit.number) || parsed.number;
    const index = clean(edit.index) ? normalizeIndex(edit.index!) : parsed.index;
    const matches = number ? (plansByNumber.get(normalizePlanNumber(number)) ?? []) : [];
    const plan = matches.length === 1 ? matches[0]! : null;
    const problems: SetProblem[] = [];
    // A name that says it is no plan (minutes, a plan list) is left out unless the office takes it
    // in; one that also holds a plan number ('Protokoll zu A-101') is the office's to decide.
    const nonPlan = kind && parsed.nonPlan && !number ? parsed.nonPlan : null;
    const leftOutAsNonPlan = nonPlan !== null && !nonPlan.numberInside;
    if (!kind) {
      problems.push(problem('unsupported_format', 'info', { extension: parsed.extension || '?' }, { action: 'skip' }));
    } else if (!number) {
      if (leftOutAsNonPlan) problems.push(problem('not_a_plan', 'info', { word: nonPlan.word }, { action: 'skip' }));
      else if (nonPlan)
        problems.push(
          problem(
            'maybe_not_a_plan',
            'warn',
            { word: nonPlan.word, number: nonPlan.numberInside! },
            { action: 'skip' },
          ),
        );
      if (!leftOutAsNonPlan || edit.skip === false)
        problems.push(
          problem('no_number', 'block', {}, { action: parsed.kind === 'pdf' ? 'read_title_block' : 'set_number' }),
        );
    } else if (matches.length > 1) {
      problems.push(
        problem(
          'ambiguous_number',
          'block',
          { numbers: matches.map((p) => p.number).join(', ') },
          { action: 'set_number' },
        ),
      );
    }
    if (kind && number && !index) {
      const base = plan?.prepared?.index ?? plan?.currentIndex ?? null;
      // The title block's index, when it confirmed the number, is the surest offer.
      const fromBlock = !clean(edit.number) && titleBlock.outcome === 'agrees' ? titleBlock.titleBlock?.index : null;
      problems.push(
        problem(
          'no_index',
          'block',
          {},
          {
            action: 'set_index',
            value:
              fromBlock ??
              (plan?.prepared && !plan.prepared.kinds.length
                ? plan.prepared.index
                : nextIndex(base, namingKey.indexStyle)),
          },
        ),
      );
    }
    // A reading the reader is not sure of waits for the office: it names why and offers the alternatives.
    if (kind && parsed.flag && !clean(edit.number) && !clean(edit.index)) {
      const code = `reading_${parsed.flag.reason}` as const;
      problems.push(problem(code, 'block', parsed.flag.params, { action: 'choose_reading' }));
    }
    // The name and the PDF's title block disagree: the row says which says what and asks.
    if (kind && titleBlock.conflict && !clean(edit.number) && !clean(edit.index)) {
      const code =
        titleBlock.outcome === 'number_differs'
          ? 'reading_title_block_number'
          : titleBlock.outcome === 'index_differs'
            ? 'reading_title_block_index'
            : 'reading_title_block_both';
      problems.push(problem(code, 'block', titleBlock.conflict, { action: 'choose_reading' }));
    }
    if (kind && parsed.possibleIndex && !clean(edit.index) && !index && !parsed.flag) {
      problems.push(
        problem('possible_index', 'info', { value: parsed.possibleIndex }, { action: 'choose_index_style' }),
      );
    }
    if (kind && namingKey.pattern && parsed.via && parsed.via !== 'pattern' && !clean(edit.number)) {
      problems.push(problem('pattern_mismatch', 'info', { pattern: namingKey.pattern }, { action: 'set_number' }));
    }
    // The same content as a file of a current or prepared version is no new index: it is left out
    // unless the office takes it in again.
    const same = kind && file.sha256 ? storedByHash.get(file.sha256.toLowerCase()) : undefined;
    if (same) {
      problems.unshift(
        problem('already_there', 'info', { number: same.number, index: same.index }, { action: 'skip' }),
      );
    }
    const skip = edit.skip ?? (!kind || same !== undefined || leftOutAsNonPlan);
    const name = clean(edit.name) ?? (plan ? plan.name : parsed.name || '');
    const folderId = plan ? plan.folderId : (edit.folderId ?? dropFolderId);
    const unsure = problems.some((p) => p.code.startsWith('reading_'));
    const goes = !skip && kind && number && index && matches.length <= 1 && !unsure;
    const groupKey = goes ? `${plan ? plan.docId : `new:${normalizePlanNumber(number)}`}|${index}` : null;
    return {
      key: file.key,
      filename: file.filename,
      size: file.size,
      kind,
      parsed,
      titleBlock,
      number,
      name,
      index,
      folderId,
      docId: plan?.docId ?? null,
      groupKey,
      skip,
      edited,
      problems,
    };
  });

  const groups = new Map<string, ReviewGroup>();
  for (const file of reviewed) {
    if (!file.groupKey) continue;
    let group = groups.get(file.groupKey);
    if (!group) {
      const plan = file.docId ? plans.find((p) => p.docId === file.docId)! : null;
      group = {
        key: file.groupKey,
        docId: file.docId,
        number: plan?.number ?? file.number!,
        name: file.name,
        index: file.index!,
        folderId: file.folderId,
        fileKeys: [],
        kinds: [],
        currentIndex: plan?.currentIndex ?? null,
        preparedVersionId: null,
        action: plan ? 'new_version' : 'new_plan',
        problems: [],
      };
      groups.set(file.groupKey, group);
    }
    group.fileKeys.push(file.key);
    group.kinds.push(file.kind!);
    // A new plan takes the name and folder of its first file that has them.
    if (!group.docId && !group.name && file.name) group.name = file.name;
  }

  const groupsOfPlan = new Map<string, ReviewGroup[]>();
  for (const group of groups.values()) {
    const planKey = group.key.slice(0, group.key.lastIndexOf('|'));
    groupsOfPlan.set(planKey, [...(groupsOfPlan.get(planKey) ?? []), group]);
  }

  for (const group of groups.values()) {
    const plan = group.docId ? plans.find((p) => p.docId === group.docId)! : null;
    const { number, index } = group;
    const sameKind = group.kinds.filter((k, i) => group.kinds.indexOf(k) !== i);
    for (const kind of new Set(sameKind)) {
      group.problems.push(
        problem('duplicate_format', 'block', { number, index, format: kind.toUpperCase() }, { action: 'skip' }),
      );
    }
    const planKey = group.key.slice(0, group.key.lastIndexOf('|'));
    const siblings = groupsOfPlan.get(planKey) ?? [];
    if (siblings.length > 1) {
      group.problems.push(
        problem(
          'two_indexes',
          'block',
          { number, indexes: siblings.map((g) => g.index).join(', ') },
          { action: 'skip' },
        ),
      );
    }
    if (!plan) {
      group.problems.push(problem('new_plan', 'warn', { number }, { action: 'create_plan' }));
    } else {
      checkAgainstPlan(group, plan, namingKey);
    }
    const pdfThere =
      group.kinds.includes('pdf') || (plan?.prepared && group.preparedVersionId && plan.prepared.kinds.includes('pdf'));
    if (!pdfThere) {
      const format = group.kinds.find((k) => k !== 'pdf')!.toUpperCase();
      group.problems.push(problem('tec_without_pdf', 'warn', { number, index, format }, { action: 'add_pdf' }));
    }
  }

  const groupList = [...groups.values()];
  const going = reviewed.filter((f) => f.groupKey);
  const blocking =
    reviewed.filter((f) => !f.skip).reduce((n, f) => n + f.problems.filter((p) => p.level === 'block').length, 0) +
    groupList.reduce((n, g) => n + g.problems.filter((p) => p.level === 'block').length, 0);
  return {
    files: reviewed,
    groups: groupList,
    blocking,
    uploads: going.length,
    newPlans: groupList.filter((g) => g.action === 'new_plan').length,
  };
}

/** The index against the plan's current and prepared versions, and the formats the prepared one has. */
function checkAgainstPlan(group: ReviewGroup, plan: SetPlan, key: NamingKey) {
  const { number, index } = group;
  const prepared = plan.prepared;
  if (prepared) {
    if (normalizeIndex(prepared.index) === index) {
      group.action = 'prepared';
      group.preparedVersionId = prepared.versionId;
      for (const kind of group.kinds.filter((k) => prepared.kinds.includes(k))) {
        group.problems.push(
          problem('format_in_prepared', 'block', { number, index, format: kind.toUpperCase() }, { action: 'skip' }),
        );
      }
    } else if (prepared.kinds.length > 0) {
      group.problems.push(
        problem(
          'prepared_other_index',
          'block',
          { number, index, prepared: prepared.index },
          { action: 'release_or_delete_prepared' },
        ),
      );
    } else {
      group.action = 'prepared';
      group.preparedVersionId = prepared.versionId;
      group.problems.push(
        problem(
          'prepared_index_changes',
          'info',
          { number, index, prepared: prepared.index },
          { action: 'set_index', value: prepared.index },
        ),
      );
    }
  }
  const current = plan.currentIndex;
  if (!current) return;
  const comparison = compareIndexes(index, current);
  const next = nextIndex(current, key.indexStyle);
  if (!comparison) {
    group.problems.push(
      problem('index_other_style', 'warn', { number, index, current }, { action: 'set_index', value: next }),
    );
  } else if (comparison.order < 0) {
    group.problems.push(
      problem('index_older', 'block', { number, index, current }, { action: 'set_index', value: next }),
    );
  } else if (comparison.order === 0) {
    group.problems.push(
      problem('index_equal', 'block', { number, index, current }, { action: 'set_index', value: next }),
    );
  } else if (comparison.skipped > 0) {
    group.problems.push(
      problem(
        'index_skipped',
        'warn',
        { number, index, current, expected: next },
        { action: 'set_index', value: next },
      ),
    );
  }
}
