import type { ProjectBundle } from '@plankurier/shared';

/** Optimistic changes of the cached project bundle, matching what the server will answer. */

/** Docs moved into `folderId` in this order (PUT /docs/order). */
export function withDocOrder(bundle: ProjectBundle, folderId: string, docIds: readonly string[]): ProjectBundle {
  const position = new Map(docIds.map((id, i) => [id, i]));
  const docs = bundle.docs.map((d) => {
    const sortOrder = position.get(d._id);
    return sortOrder === undefined ? d : { ...d, folder: folderId, sortOrder };
  });
  const docfolders = bundle.docfolders.map((f) => {
    if (f._id === folderId) return { ...f, docs: docIds.map((_id, sortOrder) => ({ _id, sortOrder })) };
    const kept = f.docs.filter((d) => !position.has(d._id));
    return kept.length === f.docs.length ? f : { ...f, docs: kept };
  });
  return { ...bundle, docs, docfolders };
}

/** Folders of a phase in this order (PUT /folders/order). */
export function withFolderOrder(bundle: ProjectBundle, folderIds: readonly string[]): ProjectBundle {
  const position = new Map(folderIds.map((id, i) => [id, i]));
  return {
    ...bundle,
    docfolders: bundle.docfolders.map((f) => {
      const sortOrder = position.get(f._id);
      return sortOrder === undefined ? f : { ...f, sortOrder };
    }),
  };
}

/** Phases in this order, sortOrder renumbered (PUT /phases/order). */
export function withPhaseOrder(bundle: ProjectBundle, phaseIds: readonly string[]): ProjectBundle {
  const position = new Map(phaseIds.map((id, i) => [id, i]));
  return {
    ...bundle,
    phases: bundle.phases.map((p) => {
      const sortOrder = position.get(p._id);
      return sortOrder === undefined ? p : { ...p, sortOrder };
    }),
    project: { ...bundle.project, phases: [...phaseIds] },
  };
}

/** Folders opened or closed (PUT /folder/:id, PUT /folders). */
export function withCollapsed(
  bundle: ProjectBundle,
  changes: readonly { _id: string; isCollapsed: boolean }[],
): ProjectBundle {
  const next = new Map(changes.map((c) => [c._id, c.isCollapsed]));
  return {
    ...bundle,
    docfolders: bundle.docfolders.map((f) => {
      const isCollapsed = next.get(f._id);
      return isCollapsed === undefined || isCollapsed === f.isCollapsed ? f : { ...f, isCollapsed };
    }),
  };
}
