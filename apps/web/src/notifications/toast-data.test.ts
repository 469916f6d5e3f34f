import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/api-error';
import de from '../i18n/de.json';
import { TOAST_DEFAULTS, errorToast, failureText, successToast } from './toast-data';

/** Looks a dotted key up in the German texts, as i18next does. */
const german = (key: string): string | undefined => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], de);
  return typeof found === 'string' ? found : undefined;
};

describe('toast defaults (spec §8/§9)', () => {
  test('toasts stack in one corner, at most two at a time, and close after 5000 ms', () => {
    expect(TOAST_DEFAULTS).toEqual({ position: 'bottom-right', limit: 2, autoClose: 5000 });
  });

  test('an error toast is red, the success mode green, both carry the text', () => {
    expect(errorToast('Fehler beim Versand')).toMatchObject({ color: 'red', message: 'Fehler beim Versand' });
    expect(successToast('Daten gespeichert')).toMatchObject({ color: 'green', message: 'Daten gespeichert' });
  });
});

describe('failureText: the translated msgCode, else the status text, else no message', () => {
  test('a known msgCode is translated', () => {
    const err = new ApiError(401, 'Unauthorized', 'auth.wrong_credentials');
    expect(failureText(err, german)).toBe('Falsche Email und/oder falsches Passwort');
  });

  test('without a translation the HTTP status text shows', () => {
    expect(failureText(new ApiError(502, 'Bad Gateway'), german)).toBe('Bad Gateway');
    expect(failureText(new ApiError(401, 'Unauthorized', 'auth.wrong_credentials'), () => undefined)).toBe(
      'Unauthorized',
    );
  });

  test("neither code nor status text, or no API error at all: 'no message'", () => {
    expect(failureText(new ApiError(500, ''), german)).toBe(german('msg.no_message'));
    expect(failureText(new TypeError('Failed to fetch'), german)).toBe(german('msg.no_message'));
    expect(failureText(new TypeError('Failed to fetch'), () => undefined)).toBe('no message');
  });

  test('a 429 without a code reads as rate limited', () => {
    expect(failureText(new ApiError(429, 'Too Many Requests'), german)).toBe(german('msg.common.rate_limited'));
  });
});

describe('refusals because a colleague acted in the meantime', () => {
  const withValues = (key: string, values?: Record<string, string>) =>
    german(key)?.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values?.[name] ?? '');

  test('names who changed the data in the meantime', () => {
    const err = new ApiError(409, 'Conflict', 'common.conflict', { changedBy: 'Jonas Weber', current: {} });
    expect(failureText(err, withValues)).toBe('Inzwischen von Jonas Weber geändert – die Daten wurden neu geladen');
  });

  test('a second release and a running send name the colleague too', () => {
    const released = new ApiError(409, 'Conflict', 'version.already_released', { changedBy: 'Tom Lang', index: 'C' });
    expect(failureText(released, withValues)).toBe('Tom Lang hat diese Version inzwischen freigegeben');
    const sending = new ApiError(409, 'Conflict', 'delivery.in_progress', { changedBy: 'Mia Klein', participants: [] });
    expect(failureText(sending, withValues)).toContain('Mia Klein');
  });

  test('without a name it says someone else did', () => {
    const err = new ApiError(409, 'Conflict', 'common.conflict', { changedBy: null });
    expect(failureText(err, withValues)).toBe(german('msg.common.conflict'));
  });
});
