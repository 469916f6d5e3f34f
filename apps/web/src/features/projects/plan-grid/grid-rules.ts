import type {
  DocFolderDto,
  PhaseDto,
  ProjectBundle,
  StandingSubscriptionBody,
  StandingSubscriptionDto,
} from '@plankurier/shared';
import type { GridFormat } from './grid-subs';
import type { GroupRow } from './grid-rows';

/**
 * Standing subscriptions ("alle Pläne dieses Ordners", also for plans added later) as the Planraster
 * finds them: by a group row's key (`folder:<id>`, `phase:<id>`) and a participant.
 */
export interface StandingRule {
  rule: StandingSubscriptionDto;
  /** The folder's name, or the phase's shortcut and name: what the grid's texts call it. */
  place: string;
}
export type RuleIndex = ReadonlyMap<string, StandingRule>;

export const folderKey = (folderId: string) => `folder:${folderId}`;
export const phaseKey = (phaseId: string) => `phase:${phaseId}`;
export const ruleKey = (groupKey: string, participantId: string) => `${groupKey}|${participantId}`;

export const phaseLabel = (phase: Pick<PhaseDto, 'shortcut' | 'name'>) => `${phase.shortcut} ${phase.name}`.trim();

export function ruleIndexOf(
  rules: readonly StandingSubscriptionDto[],
  folders: ReadonlyMap<string, DocFolderDto>,
  phases: readonly PhaseDto[],
): RuleIndex {
  const phaseById = new Map(phases.map((p) => [p._id, p]));
  const index = new Map<string, StandingRule>();
  for (const rule of rules) {
    if (rule.folder) {
      const folder = folders.get(rule.folder);
      if (folder) index.set(ruleKey(folderKey(rule.folder), rule.participant), { rule, place: folder.name });
    } else if (rule.phase) {
      const phase = phaseById.get(rule.phase);
      if (phase) index.set(ruleKey(phaseKey(rule.phase), rule.participant), { rule, place: phaseLabel(phase) });
    }
  }
  return index;
}

/** The rule that gave a plan of this folder and phase its subscription: its folder's, else its phase's. */
export const ruleOfPlan = (index: RuleIndex, folderId: string, phaseId: string, participantId: string) =>
  index.get(ruleKey(folderKey(folderId), participantId)) ?? index.get(ruleKey(phaseKey(phaseId), participantId));

export const hasRuleFormat = (rule: StandingRule | undefined, format: GridFormat) =>
  rule !== undefined && (format === 'pdf' ? rule.rule.getsPdf : rule.rule.getsTec);

/** The rules that switch one format of a folder or phase on or off for these participants. */
export function ruleItems(
  row: GroupRow,
  participantIds: readonly string[],
  format: GridFormat,
  on: boolean,
): StandingSubscriptionBody[] {
  const place = row.kind === 'folder' ? { folderId: row.folder._id } : { phaseId: row.phase._id };
  return participantIds.map((participantId) => ({
    participantId,
    ...place,
    ...(format === 'pdf' ? { getsPdf: on } : { getsTec: on }),
  }));
}

/** The bundle once the rules are set (the optimistic update); the server's rows replace them after. */
export function withStandingRules(bundle: ProjectBundle, items: readonly StandingSubscriptionBody[]): ProjectBundle {
  const rules = [...bundle.standingSubs];
  for (const item of items) {
    const folder = item.folderId ?? null;
    const phase = item.phaseId ?? null;
    const at = rules.findIndex((r) => r.participant === item.participantId && r.folder === folder && r.phase === phase);
    const before = at >= 0 ? rules[at] : undefined;
    const getsPdf = item.getsPdf ?? before?.getsPdf ?? false;
    const getsTec = item.getsTec ?? before?.getsTec ?? false;
    if (!getsPdf && !getsTec) {
      if (at >= 0) rules.splice(at, 1);
      continue;
    }
    const rule = {
      _id: before?._id ?? `${item.participantId}/${folder ?? phase}`,
      participant: item.participantId,
      folder,
      phase,
      getsPdf,
      getsTec,
    };
    if (at >= 0) rules[at] = rule;
    else rules.push(rule);
  }
  return { ...bundle, standingSubs: rules };
}
