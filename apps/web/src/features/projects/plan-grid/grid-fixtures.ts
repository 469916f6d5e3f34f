import type { ParticipantDto, ParticipantFolderDto, SubscriptionDto } from '@plankurier/shared';

/** Small builders for the Planraster's unit tests. */
export const participant = (
  id: string,
  folderId: string,
  sortOrder: number,
  over: Partial<ParticipantDto> = {},
): ParticipantDto => ({
  _id: id,
  project: 'p1',
  contact: `c-${id}`,
  folder: folderId,
  roles: [],
  sortOrder,
  name: `Person ${id}`,
  email: `${id}@example.org`,
  company: '',
  phone: '',
  state: { deliver: 'GRAY' },
  ...over,
});

export const participantFolder = (id: string, sortOrder: number, name = `Ordner ${id}`): ParticipantFolderDto => ({
  _id: id,
  rev: 1,
  project: 'p1',
  name,
  sortOrder,
  isCollapsed: false,
  isCollapsedInPicker: false,
  participants: [],
});

export const sub = (docId: string, participantId: string, getsPdf: boolean, getsTec: boolean): SubscriptionDto => ({
  _id: `s-${docId}-${participantId}`,
  doc: docId,
  participant: participantId,
  getsPdf,
  getsTec,
  deliverAgain: false,
  state: { deliver: 'GRAY' },
});
