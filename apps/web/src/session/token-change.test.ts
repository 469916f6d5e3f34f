import type { User } from '@plankurier/shared';
import { afterEach, expect, test } from 'vitest';
import { sessionStore } from './session-store';

const anna = { _id: 'u1', email: 'anna@buero.de', company: 'Berg Architekten' } as User;

afterEach(() => {
  sessionStore.expectNewToken(false);
  sessionStore.signOut();
});

test("a password change of this tab is under way until its answer's new token is stored", () => {
  sessionStore.signIn('old-token', anna);
  expect(sessionStore.isTokenChanging()).toBe(false);
  sessionStore.expectNewToken(true);
  // the server ended the old token first: the live socket and late answers of it hear of that now
  expect(sessionStore.isTokenChanging()).toBe(true);
  sessionStore.signIn('new-token', anna);
  expect(sessionStore.isTokenChanging()).toBe(false);
  expect(sessionStore.getState().token).toBe('new-token');
});

test('a password change that fails leaves the session as it was', () => {
  sessionStore.signIn('old-token', anna);
  sessionStore.expectNewToken(true);
  sessionStore.expectNewToken(false);
  expect(sessionStore.isTokenChanging()).toBe(false);
  expect(sessionStore.getState().token).toBe('old-token');
});
