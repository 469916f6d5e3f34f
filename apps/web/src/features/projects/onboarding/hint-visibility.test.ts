import type { SubscriptionDto } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  receiverCountOf,
  showAddReceiverHint,
  showGotoParticipantsHint,
  showImportContactsHint,
} from './hint-visibility';

const sub = (doc: string, getsPdf: boolean, getsTec: boolean): SubscriptionDto => ({
  _id: `${doc}-${String(getsPdf)}-${String(getsTec)}`,
  doc,
  participant: 'p1',
  getsPdf,
  getsTec,
  deliverAgain: false,
  state: { deliver: 'RED' },
});

describe('docAddReceiver: a plan without receivers', () => {
  test('shows when the project has participants but none receives the plan', () => {
    expect(showAddReceiverHint({ muted: false, participantCount: 3, receiverCount: 0 })).toBe(true);
  });
  test('hides once the plan has a receiver, when there is nobody to choose, or when muted', () => {
    expect(showAddReceiverHint({ muted: false, participantCount: 3, receiverCount: 1 })).toBe(false);
    expect(showAddReceiverHint({ muted: false, participantCount: 0, receiverCount: 0 })).toBe(false);
    expect(showAddReceiverHint({ muted: true, participantCount: 3, receiverCount: 0 })).toBe(false);
  });
  test('receivers are the participants that get the plan as PDF or TEC', () => {
    const subs = [sub('d1', true, false), sub('d1', false, true), sub('d1', false, false), sub('d2', true, true)];
    expect(receiverCountOf('d1', subs)).toBe(2);
    expect(receiverCountOf('d3', subs)).toBe(0);
  });
});

describe('gotoParticipantList: a project without participants', () => {
  test('shows while the project has no participants, unless muted', () => {
    expect(showGotoParticipantsHint({ muted: false, participantCount: 0 })).toBe(true);
    expect(showGotoParticipantsHint({ muted: false, participantCount: 1 })).toBe(false);
    expect(showGotoParticipantsHint({ muted: true, participantCount: 0 })).toBe(false);
  });
});

describe('receiverDashboardContacts: an empty contact list', () => {
  test('shows when the office has no contacts, not while loading, not when muted', () => {
    expect(showImportContactsHint({ muted: false, contactsTotal: 0 })).toBe(true);
    expect(showImportContactsHint({ muted: false, contactsTotal: 4 })).toBe(false);
    expect(showImportContactsHint({ muted: false, contactsTotal: undefined })).toBe(false);
    expect(showImportContactsHint({ muted: true, contactsTotal: 0 })).toBe(false);
  });
});
