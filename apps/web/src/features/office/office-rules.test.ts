import { describe, expect, test } from 'vitest';
import {
  canChangeRole,
  canHandOver,
  canManageInvitation,
  canManageProjects,
  mayChangeOfficeLists,
  canRemove,
  mayLeave,
  ownerCount,
  roleChoices,
  seatsFull,
  type Viewer,
} from './office-rules';

const owner: Viewer = { userId: 'o', role: 'owner' };
const admin: Viewer = { userId: 'a', role: 'admin' };
const member: Viewer = { userId: 'm', role: 'member' };
const person = (id: string, role: 'owner' | 'admin' | 'member') => ({ _id: id, role });

describe('roleChoices', () => {
  test('owners give any role, admins no owner role, members none', () => {
    expect(roleChoices('owner')).toEqual(['owner', 'admin', 'member']);
    expect(roleChoices('admin')).toEqual(['admin', 'member']);
    expect(roleChoices('member')).toEqual([]);
  });
});

describe('changing roles and removing people', () => {
  test('an owner changes and removes anyone, other owners too', () => {
    expect(canChangeRole(owner, person('x', 'owner'), 2)).toBe(true);
    expect(canRemove(owner, person('x', 'owner'), 2)).toBe(true);
    expect(canRemove(owner, person('x', 'member'), 1)).toBe(true);
  });

  test('an admin changes and removes admins and members, never an owner', () => {
    expect(canChangeRole(admin, person('x', 'admin'), 1)).toBe(true);
    expect(canRemove(admin, person('x', 'member'), 1)).toBe(true);
    expect(canChangeRole(admin, person('x', 'owner'), 3)).toBe(false);
    expect(canRemove(admin, person('x', 'owner'), 3)).toBe(false);
  });

  test('a member changes and removes nobody', () => {
    expect(canChangeRole(member, person('x', 'member'), 1)).toBe(false);
    expect(canRemove(member, person('x', 'member'), 1)).toBe(false);
  });

  test('the last owner keeps the role and stays', () => {
    expect(canChangeRole(owner, person('o', 'owner'), 1)).toBe(false);
    expect(canChangeRole(owner, person('o', 'owner'), 2)).toBe(true);
  });

  test('nobody removes themselves: they leave', () => {
    expect(canRemove(owner, person('o', 'owner'), 2)).toBe(false);
    expect(canRemove(admin, person('a', 'admin'), 1)).toBe(false);
  });
});

describe('handing over and leaving', () => {
  test('an owner hands over to an admin or a member, not to themselves or another owner', () => {
    expect(canHandOver(owner, person('x', 'member'))).toBe(true);
    expect(canHandOver(owner, person('x', 'admin'))).toBe(true);
    expect(canHandOver(owner, person('x', 'owner'))).toBe(false);
    expect(canHandOver(owner, person('o', 'owner'))).toBe(false);
    expect(canHandOver(admin, person('x', 'member'))).toBe(false);
  });

  test('the last owner cannot leave; everybody else can', () => {
    expect(mayLeave(owner, 1)).toBe(false);
    expect(mayLeave(owner, 2)).toBe(true);
    expect(mayLeave(admin, 1)).toBe(true);
    expect(mayLeave(member, 1)).toBe(true);
  });

  test('ownerCount counts the owners', () => {
    expect(ownerCount([person('a', 'owner'), person('b', 'admin'), person('c', 'owner')])).toBe(2);
  });
});

describe('invitations and seats', () => {
  test('an admin manages invitations for admins and members, not for owners', () => {
    expect(canManageInvitation(admin, { role: 'member' })).toBe(true);
    expect(canManageInvitation(admin, { role: 'owner' })).toBe(false);
    expect(canManageInvitation(owner, { role: 'owner' })).toBe(true);
    expect(canManageInvitation(member, { role: 'member' })).toBe(false);
  });

  test('seats are full when every seat is taken; 0 seats means unlimited', () => {
    expect(seatsFull({ maxNumberOfUsers: 5, seatsTaken: 5 })).toBe(true);
    expect(seatsFull({ maxNumberOfUsers: 5, seatsTaken: 3 })).toBe(false);
    expect(seatsFull({ maxNumberOfUsers: 1, seatsTaken: 1 })).toBe(true);
    expect(seatsFull({ maxNumberOfUsers: 0, seatsTaken: 40 })).toBe(false);
  });
});

describe('canManageProjects', () => {
  test('owners and admins delete projects and manage their teams; members and people without office do not', () => {
    expect(canManageProjects('owner')).toBe(true);
    expect(canManageProjects('admin')).toBe(true);
    expect(canManageProjects('member')).toBe(false);
    expect(canManageProjects(null)).toBe(false);
  });
});

describe('mayChangeOfficeLists', () => {
  test('owners and admins change roles and templates; members and people without office do not', () => {
    expect(mayChangeOfficeLists('owner')).toBe(true);
    expect(mayChangeOfficeLists('admin')).toBe(true);
    expect(mayChangeOfficeLists('member')).toBe(false);
    expect(mayChangeOfficeLists(null)).toBe(false);
  });
});
