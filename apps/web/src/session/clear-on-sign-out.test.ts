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
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null, endedByUser: true });
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
