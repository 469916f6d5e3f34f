import { describe, expect, test } from 'vitest';
import {
  ParticipantUpdateBody,
  ProjectContactsBody,
  RoleBody,
  SubscriptionsBody,
  deliveryFormat,
} from './participants.ts';

describe('participant contract', () => {
  test.each([
    [true, true, 'PDF_AND_TEC'],
    [true, false, 'PDF_ONLY'],
    [false, true, 'TEC_ONLY'],
    [false, false, null],
  ] as const)('a subscription with PDF %s and TEC %s is named %s in the timeline', (getsPdf, getsTec, format) => {
    expect(deliveryFormat({ getsPdf, getsTec })).toBe(format);
  });

  test('the picker asks for the first page of 15 contacts by last name unless told otherwise', () => {
    expect(ProjectContactsBody.parse({})).toEqual({ page: 1, limit: 15, sortBy: 'lastName', sortOrder: 1 });
    expect(ProjectContactsBody.safeParse({ page: 0 }).success).toBe(false);
    expect(ProjectContactsBody.safeParse({ sortOrder: 2 }).success).toBe(false);
  });

  test('a missing role name reaches the server as empty text, so it answers role.name_required', () => {
    expect(RoleBody.parse({})).toEqual({ name: '' });
  });

  test('a participant update may change the folder, the roles, both or neither', () => {
    expect(ParticipantUpdateBody.safeParse({}).success).toBe(true);
    expect(ParticipantUpdateBody.safeParse({ roleIds: ['x'] }).success).toBe(false);
  });

  test('a bulk subscription call holds at least one item', () => {
    expect(SubscriptionsBody.safeParse({ items: [] }).success).toBe(false);
  });
});
