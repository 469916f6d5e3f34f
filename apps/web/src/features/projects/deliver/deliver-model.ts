import {
  docSelection,
  filesForSubscription,
  orderedFormats,
  selectedSubIds,
  type DeliverySelection,
  type FileDto,
  type ParticipantDto,
  type SubscriptionDto,
  type TemplateDto,
} from '@plankurier/shared';
import type { ProjectModel } from '../model/project-model';

/**
 * 'Projekt: ' (spec §4, §9; 'Project: ' in English: the `deliver.subjectPrefix` text of the sender's
 * interface) + number and name joined with ' | ', or whichever of them exists. Each recipient's mail
 * speaks the contact's language around it; the subject stays as the sender wrote it.
 */
export const defaultSubject = (project: { number: string; name: string }, prefix: string) =>
  prefix + [project.number.trim(), project.name.trim()].filter(Boolean).join(' | ');

/** The first phase (in order) holding a doc with something still to send; null when there is none. */
export function firstDeliverablePhase(
  model: Pick<ProjectModel, 'phases' | 'foldersByPhase' | 'docsByFolder'>,
  subs: readonly Pick<SubscriptionDto, 'doc' | 'state'>[],
): string | null {
  const redDocs = new Set(subs.filter((s) => s.state.deliver === 'RED').map((s) => s.doc));
  for (const phase of model.phases) {
    for (const folder of model.foldersByPhase.get(phase._id) ?? []) {
      if ((model.docsByFolder.get(folder._id) ?? []).some((d) => redDocs.has(d._id))) return phase._id;
    }
  }
  return null;
}

/** The current files a sub sends: the current version's files in the subscribed formats. */
export function filesOfSub(
  sub: Pick<SubscriptionDto, 'doc' | 'getsPdf' | 'getsTec'>,
  model: Pick<ProjectModel, 'docById' | 'filesByVersion'>,
): FileDto[] {
  const current = model.docById.get(sub.doc)?.currentVersion;
  return current ? filesForSubscription(sub, model.filesByVersion.get(current) ?? []) : [];
}

export interface SelectionCounts {
  docs: number;
  participants: number;
  files: number;
}

/** The deliver bar's counts: plans and receivers with something selected, and the files that go out. */
export function selectionCounts(
  selection: DeliverySelection,
  subs: readonly SubscriptionDto[],
  model: Pick<ProjectModel, 'docById' | 'filesByVersion'>,
): SelectionCounts {
  const selected = selectedSubIds(selection);
  let files = 0;
  for (const sub of subs) if (selected.has(sub._id)) files += filesOfSub(sub, model).length;
  return {
    docs: Object.values(selection.docs).filter((d) => d.subscriptions.length > 0).length,
    participants: Object.values(selection.participants).filter((p) => p.subscriptions.length > 0).length,
    files,
  };
}

/** The docs that go out in this delivery, in the order of the project's list. */
export function selectedDocIds(
  selection: DeliverySelection,
  model: Pick<ProjectModel, 'phases' | 'foldersByPhase' | 'docsByFolder'>,
): string[] {
  const ids: string[] = [];
  for (const phase of model.phases)
    for (const folder of model.foldersByPhase.get(phase._id) ?? [])
      for (const doc of model.docsByFolder.get(folder._id) ?? [])
        if (docSelection(selection, doc._id).subscriptions.length > 0) ids.push(doc._id);
  return ids;
}

/** One line of the per-plan receiver table. */
export interface ReceiverRow {
  sub: SubscriptionDto;
  participant: ParticipantDto;
  selected: boolean;
}

export type ReceiverFilter = 'all' | 'selected' | 'not_selected';

/** The receiver table of one plan, filtered by selection and by a case-insensitive search on name, company and e-mail. */
export function receiverRows(
  docId: string,
  selection: DeliverySelection,
  subs: readonly SubscriptionDto[],
  participantById: ReadonlyMap<string, ParticipantDto>,
  filter: ReceiverFilter,
  search: string,
): ReceiverRow[] {
  const chosen = new Set(docSelection(selection, docId).subscriptions);
  const needle = search.trim().toLocaleLowerCase();
  const rows: ReceiverRow[] = [];
  for (const sub of subs) {
    if (sub.doc !== docId) continue;
    const participant = participantById.get(sub.participant);
    if (!participant) continue;
    const selected = chosen.has(sub._id);
    if (filter === 'selected' && !selected) continue;
    if (filter === 'not_selected' && selected) continue;
    const haystack = [participant.name, participant.company, participant.email].join(' ').toLocaleLowerCase();
    if (needle && !haystack.includes(needle)) continue;
    rows.push({ sub, participant, selected });
  }
  return rows.sort((a, b) => a.participant.name.localeCompare(b.participant.name, 'de', { sensitivity: 'base' }));
}

/** The template saved under this title (ignoring case and surrounding spaces): saving there overwrites it. */
export const templateWithTitle = (templates: readonly TemplateDto[], title: string) => {
  const wanted = title.trim().toLocaleLowerCase();
  return templates.find((t) => t.title.trim().toLocaleLowerCase() === wanted) ?? null;
};

/** The formats a sub sends now (a PDF add-on counts as PDF): PDF, DWG, DXF, then a data doc's other formats. */
export function subFormats(
  sub: Pick<SubscriptionDto, 'doc' | 'getsPdf' | 'getsTec'>,
  model: Pick<ProjectModel, 'docById' | 'filesByVersion'>,
): string[] {
  return orderedFormats(filesOfSub(sub, model));
}
