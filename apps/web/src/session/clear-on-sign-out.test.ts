import type { PrintDto, User } from '@plankurier/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import { queryKeys } from '../api/query-keys';
import type { UploadItem } from '../features/projects/model/upload-state';
import { printEntries, trackPrint } from '../features/projects/prints/print-store';
import { uploadStore } from '../features/projects/uploads/upload-store';
import { clearCacheOnSignOut } from './clear-on-sign-out';
import { sessionStore } from './session-store';

const anna = { _id: 'u1', email: 'anna@buero.de', company: 'Berg Architekten' } as User;

/** The office's data as the screens leave it in the cache. */
function filledCache(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(queryKeys.contacts, { contacts: [{ _id: 'c1' }] });
  client.setQueryData(['companies', 'Tragwerk'], ['Tragwerk GmbH']);
  client.setQueryData(queryKeys.projects, { projects: [{ _id: 'p1' }] });
  client.setQueryData(queryKeys.project('p1'), { project: { _id: 'p1' }, archives: [{ _id: 'a1' }] });
  client.setQueryData([...queryKeys.timeline('p1'), 'EMAIL', {}], { pages: [] });
  client.setQueryData(queryKeys.templates, [{ _id: 't1' }]);
  return client;
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  sessionStore.signOut();
});

describe('sign-out clears the office data (spec §4 Session)', () => {
  test('contacts, companies, projects, timeline, archives and templates are gone after sign-out', () => {
    const client = filledCache();
    stop = clearCacheOnSignOut(client);
    sessionStore.signIn('token-1', anna);
    expect(client.getQueryCache().getAll()).toHaveLength(6);

    sessionStore.signOut({ byUser: true });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, ended: { reason: 'user' } });
  });

  test('an ended session (expired token) clears the cache as well', () => {
    const client = filledCache();
    stop = clearCacheOnSignOut(client);
    sessionStore.signIn('token-2', anna);
    sessionStore.signOut();
    expect(client.getQueryData(queryKeys.project('p1'))).toBeUndefined();
  });

  test('signing in alone keeps the cache', () => {
    const client = filledCache();
    stop = clearCacheOnSignOut(client);
    sessionStore.signIn('token-3', anna);
    expect(client.getQueryData(queryKeys.templates)).toEqual([{ _id: 't1' }]);
  });

  test('uploads still running for the session are aborted and their rows removed', () => {
    stop = clearCacheOnSignOut(new QueryClient());
    sessionStore.signIn('token-4', anna);
    const aborted: string[] = [];
    uploadStore.add({ id: 'up1' } as UploadItem, () => aborted.push('up1'));
    uploadStore.add({ id: 'up2' } as UploadItem, () => aborted.push('up2'));
    sessionStore.signOut({ byUser: true });
    expect(aborted).toEqual(['up1', 'up2']);
    expect(uploadStore.getState()).toEqual([]);
  });

  test('the print dock empties', () => {
    stop = clearCacheOnSignOut(new QueryClient());
    sessionStore.signIn('token-5', anna);
    trackPrint({ _id: 'pr1', project: 'p1', isFinished: true } as PrintDto, 'Planliste');
    expect(printEntries()).toHaveLength(1);
    sessionStore.signOut({ byUser: true });
    expect(printEntries()).toEqual([]);
  });
});

describe('switching the office clears its data', () => {
  const inOffice = (officeId: string) => ({ ...anna, officeId }) as User;

  test("the profile of another office drops the old office's projects, contacts and prints", () => {
    const client = filledCache();
    stop = clearCacheOnSignOut(client);
    sessionStore.signIn('token-6', inOffice('o1'));
    trackPrint({ _id: 'pr2', project: 'p1', isFinished: true } as PrintDto, 'Planliste');
    sessionStore.setUser(inOffice('o2'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(printEntries()).toEqual([]);
    expect(sessionStore.getState().token).toBe('token-6');
  });

  test('a refreshed profile of the same office keeps the cache', () => {
    const client = filledCache();
    stop = clearCacheOnSignOut(client);
    sessionStore.signIn('token-7', inOffice('o1'));
    sessionStore.setUser({ ...inOffice('o1'), firstName: 'Anne' });
    expect(client.getQueryData(queryKeys.templates)).toEqual([{ _id: 't1' }]);
  });
});

describe('how a session ended', () => {
  test('a removal names the office it happened in', () => {
    sessionStore.signIn('token-8', anna);
    sessionStore.signOut({ reason: 'removed' });
    expect(sessionStore.getState().ended).toEqual({ reason: 'removed', company: 'Berg Architekten' });
  });

  test('leaving on purpose wins over the removal notice that the live connection brings too', () => {
    sessionStore.signIn('token-9', anna);
    sessionStore.expectEnd('left');
    sessionStore.signOut({ reason: 'removed' });
    expect(sessionStore.getState().ended?.reason).toBe('left');
  });

  test('a token that stopped working reads as expired; the own sign-out as the user’s', () => {
    sessionStore.signIn('token-10', anna);
    sessionStore.signOut();
    expect(sessionStore.getState().ended?.reason).toBe('expired');
    sessionStore.signIn('token-11', anna);
    sessionStore.signOut({ byUser: true });
    expect(sessionStore.getState().ended?.reason).toBe('user');
  });
});
