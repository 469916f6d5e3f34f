import { describe, expect, test } from 'vitest';
import { dropEffectFor } from './drop-effect';
import { numberConfirmed, projectLabel } from './project-label';

describe('projectLabel', () => {
  test("joins number and name with ' | '", () => {
    expect(projectLabel({ number: '2026-01', name: 'Wohnhaus Müller' })).toBe('2026-01 | Wohnhaus Müller');
    expect(projectLabel({ number: '2026-01', name: ' ' })).toBe('2026-01');
  });
});

describe('numberConfirmed', () => {
  test('the typed number must match the project number', () => {
    expect(numberConfirmed(' 2026-01 ', '2026-01')).toBe(true);
    expect(numberConfirmed('2026-0', '2026-01')).toBe(false);
    expect(numberConfirmed('', '2026-01')).toBe(false);
  });
});

describe('dropEffectFor', () => {
  test('copy with Alt, otherwise move when the source allows it', () => {
    expect(dropEffectFor(true, 'all')).toBe('copy');
    expect(dropEffectFor(false, 'all')).toBe('move');
    expect(dropEffectFor(false, 'copyMove')).toBe('move');
    expect(dropEffectFor(false, 'copy')).toBe('copy');
  });
});
