import type { ProjectBundle } from './projects.ts';
import { aggregateDeliverState } from './subscription-state.ts';

/**
 * What a change of a project touched. `structure`: the project row, phases, folders of both kinds,
 * standing subscriptions and roles; `docs`: those docs with all their versions, files and subscriptions; `participants`:
 * those participants with all their subscriptions and standing subscriptions. A change too wide for rows (roles removed,
 * hundreds of docs at once) has no scope: sessions read the whole project again.
 */
export interface ChangeScope {
  structure?: boolean;
  docs?: string[];
  participants?: string[];
}

/** The rows of a scope as the project load answers them; a row asked for and absent was removed. */
export interface BundleSlice {
  scope: ChangeScope;
  rows: Partial<Omit<ProjectBundle, 'archives' | 'changeSeq'>>;
}

/** The 'updateData' event of a project change: numbered per project, with its rows where they fit. */
export interface ProjectChangeEvent {
  projectId: string;
  entity: string;
  id: string;
  seq: number;
  /** null: too wide for rows, the project is read again. */
  slice: BundleSlice | null;
}

/** GET /project/:id/changes?since=N: the rows changed since N, or null when N is older than what the server keeps. */
export interface ProjectChangesResponse {
  seq: number;
  slice: BundleSlice | null;
}

/** A scope's size limit in docs: beyond it the event carries no rows (a whole project's worth). */
export const SLICE_MAX_DOCS = 400;

/** Scopes of several changes as one: what any of them touched. */
export function mergeScopes(scopes: readonly (ChangeScope | null)[]): ChangeScope | null {
  if (scopes.some((s) => s === null)) return null;
  const docs = new Set<string>();
  const participants = new Set<string>();
  let structure = false;
  for (const s of scopes as ChangeScope[]) {
    s.docs?.forEach((id) => docs.add(id));
    s.participants?.forEach((id) => participants.add(id));
    structure ||= s.structure === true;
  }
  if (docs.size > SLICE_MAX_DOCS) return null;
  return {
    ...(structure ? { structure } : {}),
    ...(docs.size > 0 ? { docs: [...docs] } : {}),
    ...(participants.size > 0 ? { participants: [...participants] } : {}),
  };
}

const byId = <T extends { _id: string }>(rows: readonly T[] | undefined) =>
  new Map((rows ?? []).map((r) => [r._id, r]));

/**
 * The cached bundle with a slice applied: the scope's rows are replaced by the slice's (absent ones
 * removed), folder lists follow their docs and participants, and the deliver state of docs and
 * participants outside the scope whose subscriptions changed is aggregated again, as the server does.
 */
export function applySlice(bundle: ProjectBundle, { scope, rows }: BundleSlice): ProjectBundle {
  const docIds = new Set(scope.docs ?? []);
  const participantIds = new Set(scope.participants ?? []);
  const inScope = (s: { doc: string; participant: string }) => docIds.has(s.doc) || participantIds.has(s.participant);

  const touchedDocs = new Set<string>();
  const touchedParticipants = new Set<string>();
  const keptSubs = bundle.subs.filter((s) => {
    if (!inScope(s)) return true;
    touchedDocs.add(s.doc);
    touchedParticipants.add(s.participant);
    return false;
  });
  for (const s of rows.subs ?? []) {
    touchedDocs.add(s.doc);
    touchedParticipants.add(s.participant);
  }
  const subs = [...keptSubs, ...(rows.subs ?? [])];

  let docs = [...bundle.docs.filter((d) => !docIds.has(d._id)), ...(rows.docs ?? [])];
  let participants = bundle.participants.filter((p) => !participantIds.has(p._id));
  participants = [...participants, ...(rows.participants ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const versions = [...bundle.versions.filter((v) => !docIds.has(v.doc)), ...(rows.versions ?? [])];
  const files = [...bundle.files.filter((f) => !docIds.has(f.doc)), ...(rows.files ?? [])];

  // Docs and participants outside the scope: their rows stay, their aggregate follows their subscriptions.
  const outsideDocs = [...touchedDocs].filter((id) => !docIds.has(id));
  const outsideParticipants = [...touchedParticipants].filter((id) => !participantIds.has(id));
  if (outsideDocs.length > 0 || outsideParticipants.length > 0) {
    const stateOf = aggregatesOf(subs, new Set(outsideDocs), new Set(outsideParticipants));
    docs = docs.map((d) => {
      const deliver = stateOf.doc.get(d._id);
      return deliver && deliver !== d.state.deliver ? { ...d, state: { ...d.state, deliver } } : d;
    });
    participants = participants.map((p) => {
      const deliver = stateOf.participant.get(p._id);
      return deliver && deliver !== p.state.deliver ? { ...p, state: { ...p.state, deliver } } : p;
    });
  }

  const next: ProjectBundle = { ...bundle, docs, participants, subs, versions, files };
  if (scope.structure) {
    if (rows.project) next.project = { ...rows.project, openedAt: bundle.project.openedAt };
    next.phases = rows.phases ?? [];
    next.docfolders = rows.docfolders ?? [];
    next.participantfolders = rows.participantfolders ?? [];
    next.standingSubs = rows.standingSubs ?? [];
    next.roles = rows.roles ?? [];
  } else {
    if (participantIds.size > 0)
      next.standingSubs = [
        ...bundle.standingSubs.filter((r) => !participantIds.has(r.participant)),
        ...(rows.standingSubs ?? []),
      ];
    next.docfolders = withListed(bundle.docfolders, rows.docfolders, 'docs', docIds);
    next.participantfolders = withListed(
      bundle.participantfolders,
      rows.participantfolders,
      'participants',
      participantIds,
    );
  }
  return next;
}

/** Folders with the scope's ids taken out of every list and the slice's folders (current lists) put in. */
function withListed<K extends 'docs' | 'participants', F extends { _id: string } & Record<K, { _id: string }[]>>(
  folders: readonly F[],
  sliceFolders: readonly F[] | undefined,
  list: K,
  ids: ReadonlySet<string>,
): F[] {
  const replaced = byId(sliceFolders);
  if (ids.size === 0 && replaced.size === 0) return folders as F[];
  return folders.map((f) => {
    const fresh = replaced.get(f._id);
    if (fresh) return fresh;
    const kept = f[list].filter((entry) => !ids.has(entry._id));
    return kept.length === f[list].length ? f : { ...f, [list]: kept };
  });
}

function aggregatesOf(subs: ProjectBundle['subs'], docIds: ReadonlySet<string>, participantIds: ReadonlySet<string>) {
  const ofDoc = new Map<string, ProjectBundle['subs'][number]['state']['deliver'][]>();
  const ofParticipant = new Map<string, ProjectBundle['subs'][number]['state']['deliver'][]>();
  for (const id of docIds) ofDoc.set(id, []);
  for (const id of participantIds) ofParticipant.set(id, []);
  for (const s of subs) {
    ofDoc.get(s.doc)?.push(s.state.deliver);
    ofParticipant.get(s.participant)?.push(s.state.deliver);
  }
  const aggregate = (map: Map<string, ProjectBundle['subs'][number]['state']['deliver'][]>) =>
    new Map([...map].map(([id, states]) => [id, aggregateDeliverState(states)]));
  return { doc: aggregate(ofDoc), participant: aggregate(ofParticipant) };
}
