import type { User } from '@plankurier/shared';
import { describe, expect, test } from 'vitest';
import {
  deliveryChangedAfterUpdate,
  staleListsAfterUpdate,
  rolesChangedAfterUpdate,
  staleProjectAfterUpdate,
  staleTimelineAfterUpdate,
  profileStaleAfterUpdate,
  removedProjectAfterUpdate,
  unauthorizedEndsSession,
  unauthorizedReason,
  userAfterUpdate,
} from './update-data';

const user: User = {
  _id: 'u1',
  email: 'anna@buero.de',
  firstName: 'Anna',
  lastName: 'Berg',
  acronym: 'AB',
  company: 'Berg Architekten',
  streetName: '',
  streetNumber: '',
  cityCode: '',
  cityName: '',
  vatId: '',
  linkLifetimeMonths: null,
  bccEmail: '',
  replyToEmail: '',
  bccState: 'none',
  replyToState: 'none',
  locale: 'de',
  officeLocale: 'de',
  validated: false,
  tier: 'FREE',
  tierName: 'FREE',
  tierDisplayName: 'FREE',
  userCanUpgrade: true,
  buyPeriod: null,
  autoRenewBuy: false,
  discountPercent: 0,
  features: { maxNumberOfProjects: 1, maxNumberOfDocs: 30, maxNumberOfParticipants: 5, maxNumberOfUsers: 1 },
  qrDefaults: { x: 10, y: 10, width: 20, autoEmbed: false, hasBorder: true },
  onboardingMuted: {},
  isBetaTester: false,
  isAuth: true,
  officeId: 'o1',
  role: 'owner',
  offices: [{ _id: 'o1', company: 'Büro Berg', role: 'owner' }],
};

describe('userAfterUpdate', () => {
  test('validated:true from another tab is stored on the user', () => {
    expect(userAfterUpdate(user, { validated: true })).toEqual({ ...user, validated: true });
  });

  test('an unchanged flag changes nothing', () => {
    expect(userAfterUpdate(user, { validated: false })).toBeNull();
  });

  test('a full user replaces the stored one', () => {
    const renamed = { ...user, company: 'Berg & Partner' };
    expect(userAfterUpdate(user, { user: renamed })).toEqual(renamed);
  });

  test('events without user data are ignored', () => {
    expect(userAfterUpdate(user, { projects: [] })).toBeNull();
    expect(userAfterUpdate(user, null)).toBeNull();
    expect(userAfterUpdate(null, { validated: true })).toBeNull();
  });
});

describe('staleListsAfterUpdate', () => {
  test('names the lists the event touched', () => {
    expect(staleListsAfterUpdate({ projects: {}, contacts: {} })).toEqual(['projects', 'contacts']);
    expect(staleListsAfterUpdate({ validated: true })).toEqual([]);
  });

  test('{ contacts: true } (an import ended, a contact confirmed its address) makes the contact list stale', () => {
    expect(staleListsAfterUpdate({ contacts: true })).toEqual(['contacts']);
  });

  test('{ projects: true } makes the project list stale', () => {
    expect(staleListsAfterUpdate({ projects: true })).toEqual(['projects']);
  });

  test('a change of the project itself (renamed, deleted) makes the list stale too; changes inside it do not', () => {
    expect(staleListsAfterUpdate({ projectId: 'p1', entity: 'project', id: 'p1' })).toEqual(['projects']);
    expect(staleListsAfterUpdate({ projectId: 'p1', entity: 'version', id: 'v1' })).toEqual([]);
  });
});

describe('staleProjectAfterUpdate', () => {
  test('names the project of a { projectId, entity, id } event', () => {
    expect(staleProjectAfterUpdate({ projectId: 'p1', entity: 'file', id: 'f1' })).toBe('p1');
    expect(staleProjectAfterUpdate({ projectId: 'p1', entity: 'download' })).toBe('p1');
  });

  test('other events name no project', () => {
    expect(staleProjectAfterUpdate({ projects: true })).toBeNull();
    expect(staleProjectAfterUpdate({ projectId: 42 })).toBeNull();
    expect(staleProjectAfterUpdate(null)).toBeNull();
  });
});

describe('staleTimelineAfterUpdate', () => {
  test('a change inside a project, a delivery too, makes its timeline stale', () => {
    expect(staleTimelineAfterUpdate({ projectId: 'p1', entity: 'version', id: 'v1' })).toBe('p1');
    expect(staleTimelineAfterUpdate({ projectId: 'p1', entity: 'delivery', id: 'd1' })).toBe('p1');
  });

  test('events outside a project leave timelines alone', () => {
    expect(staleTimelineAfterUpdate({ contacts: true })).toBeNull();
    expect(staleTimelineAfterUpdate({ entity: 'role', roles: true })).toBeNull();
    expect(staleTimelineAfterUpdate(undefined)).toBeNull();
  });
});

describe('rolesChangedAfterUpdate', () => {
  test('{ entity: role, roles: true } refreshes every open project', () => {
    expect(rolesChangedAfterUpdate({ entity: 'role', roles: true })).toBe(true);
    expect(staleProjectAfterUpdate({ entity: 'role', roles: true })).toBeNull();
  });

  test('other events leave the projects alone', () => {
    expect(rolesChangedAfterUpdate({ projectId: 'p1', entity: 'participant', id: 'x' })).toBe(false);
    expect(rolesChangedAfterUpdate({ roles: 'yes' })).toBe(false);
    expect(rolesChangedAfterUpdate(null)).toBe(false);
  });
});

describe('unauthorizedEndsSession', () => {
  test('an invalid token signs out', () => {
    expect(unauthorizedEndsSession({ type: 'invalid_token' })).toBe(true);
    expect(unauthorizedEndsSession(undefined)).toBe(true);
  });

  test('a server that could not check the token keeps the session', () => {
    expect(unauthorizedEndsSession({ type: 'unavailable' })).toBe(false);
  });
});

describe('team changes', () => {
  test('{ projectId, projects: true, removed: true } names the project the person was taken off', () => {
    expect(removedProjectAfterUpdate({ projectId: 'p1', projects: true, removed: true })).toBe('p1');
    expect(staleListsAfterUpdate({ projectId: 'p1', projects: true, removed: true })).toEqual(['projects']);
  });

  test('being added to a project makes the list stale but removes nothing', () => {
    expect(removedProjectAfterUpdate({ projectId: 'p1', projects: true })).toBeNull();
    expect(staleListsAfterUpdate({ projectId: 'p1', projects: true })).toEqual(['projects']);
    expect(removedProjectAfterUpdate({ removed: true })).toBeNull();
  });

  test('{ office: true } (the owner changed the company) asks for the profile again', () => {
    expect(profileStaleAfterUpdate({ office: true })).toBe(true);
    expect(profileStaleAfterUpdate({ profile: true })).toBe(true);
    expect(profileStaleAfterUpdate({ profile: 'x' })).toBe(false);
    expect(profileStaleAfterUpdate({ office: 'x' })).toBe(false);
    expect(profileStaleAfterUpdate({ projects: true })).toBe(false);
    expect(profileStaleAfterUpdate(null)).toBe(false);
  });

  test("'unauthorized' with type 'removed' ends the session as a removal from the office", () => {
    expect(unauthorizedEndsSession({ type: 'removed' })).toBe(true);
    expect(unauthorizedReason({ type: 'removed' })).toBe('removed');
    expect(unauthorizedReason({ type: 'invalid_token' })).toBe('expired');
    expect(unauthorizedReason(undefined)).toBe('expired');
  });

  test("a change of the project's deliveries names the project; other changes do not", () => {
    expect(deliveryChangedAfterUpdate({ projectId: 'p1', entity: 'delivery', id: 'p1' })).toBe('p1');
    expect(deliveryChangedAfterUpdate({ projectId: 'p1', entity: 'subscription', id: 's1' })).toBeNull();
    expect(deliveryChangedAfterUpdate({ entity: 'delivery' })).toBeNull();
    expect(deliveryChangedAfterUpdate(null)).toBeNull();
  });
});
