import { describe, expect, test } from 'vitest';
import { appNeedsUpdate, compareVersions } from './app-version.ts';

describe('app version', () => {
  test('versions compare numerically, not as text', () => {
    expect(compareVersions('1.0.10', '1.0.9')).toBe(1);
    expect(compareVersions('1.0.9', '1.0.10')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('v1.0.5', '1.0.5')).toBe(0);
  });

  test('an older client needs an update, the same or a newer one does not', () => {
    expect(appNeedsUpdate('1.0.4', '1.0.5')).toBe(true);
    expect(appNeedsUpdate('0.9.99', '1.0.5')).toBe(true);
    expect(appNeedsUpdate('1.0.5', '1.0.5')).toBe(false);
    expect(appNeedsUpdate('1.1.0', '1.0.5')).toBe(false);
  });

  test('a missing or unreadable client version never asks for an update', () => {
    expect(appNeedsUpdate(undefined, '1.0.5')).toBe(false);
    expect(appNeedsUpdate('', '1.0.5')).toBe(false);
    expect(appNeedsUpdate('latest', '1.0.5')).toBe(false);
  });
});
