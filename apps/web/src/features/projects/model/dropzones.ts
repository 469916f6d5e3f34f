import { showsAddonDropzone, showsMainDropzone, type Doctype, type FileKind } from '@plankurier/shared';

/** Whether a version in preparation shows its main drop zone (the shared rule of spec §4/§5). */
export const mainDropzoneVisible = (doctype: Doctype, present: readonly FileKind[]) =>
  showsMainDropzone(doctype, present);

export const addonDropzoneVisible = (doctype: Doctype, present: readonly FileKind[]) =>
  showsAddonDropzone(doctype, present);
