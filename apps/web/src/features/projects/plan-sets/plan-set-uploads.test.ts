import type { PlanSetDto, User } from '@plankurier/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { planSetUploads } from './plan-set-uploads';

const anna = { _id: 'u1', email: 'anna@buero.de', officeId: 'office-1' } as User;

/** A set whose one file the server already holds: tracking it starts no upload. */
const set: PlanSetDto = {
  _id: 'set-1',
  project: 'p1',
  folder: null,
  comment: '',
  createdAt: '2026-11-28T10:00:00.000Z',
  createdBy: null,
  finishedAt: null,
  files: [
    {
      key: 'A-101_Grundriss_B.pdf',
      filename: 'A-101_Grundriss_B.pdf',
      size: 1000,
      kind: 'pdf',
      doc: 'd1',
      version: 'v1',
      number: 'A-101',
      index: 'B',
      uploaded: true,
    },
  ],
};

afterEach(() => {
  planSetUploads.clear();
  sessionStore.signOut();
});

describe('plan sets of an ended session leave the screen', () => {
  test('sign-out clears the tracked sets', () => {
    sessionStore.signIn('token-1', anna);
    planSetUploads.track('p1', set);
    expect(planSetUploads.getState()).toHaveLength(1);

    sessionStore.signOut({ byUser: true });
    expect(planSetUploads.getState()).toEqual([]);
  });

  test('moving into another office clears them too', () => {
    sessionStore.signIn('token-2', anna);
    planSetUploads.track('p1', set);
    sessionStore.setUser({ ...anna, officeId: 'office-2' });
    expect(planSetUploads.getState()).toEqual([]);
  });
});
