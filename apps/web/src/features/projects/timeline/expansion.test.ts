import { describe, expect, test } from 'vitest';
import { anyExpanded, collapseAll, COLLAPSED, expandAll, isExpanded, toggleExpanded } from './expansion';

describe('e-mail event expansion', () => {
  test('collapsed by default', () => {
    expect(isExpanded(COLLAPSED, 'a')).toBe(false);
    expect(anyExpanded(COLLAPSED, ['a', 'b'])).toBe(false);
  });

  test('one event expands and collapses again', () => {
    const open = toggleExpanded(COLLAPSED, 'a');
    expect(isExpanded(open, 'a')).toBe(true);
    expect(isExpanded(open, 'b')).toBe(false);
    expect(anyExpanded(open, ['a', 'b'])).toBe(true);
    expect(isExpanded(toggleExpanded(open, 'a'), 'a')).toBe(false);
  });

  test('expand all includes events loaded later; single ones can still collapse', () => {
    const all = expandAll();
    expect(isExpanded(all, 'later')).toBe(true);
    const oneClosed = toggleExpanded(all, 'a');
    expect(isExpanded(oneClosed, 'a')).toBe(false);
    expect(isExpanded(oneClosed, 'b')).toBe(true);
  });

  test('collapse all closes every event, also singly opened ones', () => {
    const state = collapseAll();
    expect(isExpanded(state, 'a')).toBe(false);
    expect(anyExpanded(state, ['a'])).toBe(false);
  });

  test('toggling does not change the state it was given', () => {
    toggleExpanded(COLLAPSED, 'a');
    expect(COLLAPSED.toggled.size).toBe(0);
  });
});
