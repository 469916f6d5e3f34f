import { describe, expect, test } from 'vitest';
import { followScrollTop, neighbourKey } from './keyboard-follow';

describe('neighbourKey', () => {
  const keys = ['folder:a', 'doc:1', 'doc:2', 'folder:b'];

  test('steps to the next or previous row of the whole list, across folders', () => {
    expect(neighbourKey(keys, 'doc:1', 1)).toBe('doc:2');
    expect(neighbourKey(keys, 'doc:2', 1)).toBe('folder:b');
    expect(neighbourKey(keys, 'doc:1', -1)).toBe('folder:a');
  });

  test('stops at the ends and for an unknown row', () => {
    expect(neighbourKey(keys, 'folder:b', 1)).toBeNull();
    expect(neighbourKey(keys, 'folder:a', -1)).toBeNull();
    expect(neighbourKey(keys, 'doc:9', 1)).toBeNull();
  });
});

describe('followScrollTop', () => {
  // a list 400 px high over 2400 px of rows; the dragged row is centred on a 40 px row
  const list = { rowHeight: 40, viewHeight: 400, maxScrollTop: 2000 };

  test('going down, the list stays while the row is in the upper half', () => {
    expect(followScrollTop({ ...list, dragTop: 150, scrollTop: 0, step: 1 })).toBe(0);
    expect(followScrollTop({ ...list, dragTop: 1150, scrollTop: 1000, step: 1 })).toBe(1000);
  });

  test('going down past the middle, the list scrolls so the row stands just above it', () => {
    const scrollTop = followScrollTop({ ...list, dragTop: 230, scrollTop: 0, step: 1 });
    expect(scrollTop).toBe(34);
    expect(230 - scrollTop).toBeLessThan(200);
  });

  test('going up past the middle, the list scrolls so the row stands just below it', () => {
    const scrollTop = followScrollTop({ ...list, dragTop: 1150, scrollTop: 1000, step: -1 });
    expect(scrollTop).toBe(946);
    expect(1150 - scrollTop).toBeGreaterThan(200);
    expect(followScrollTop({ ...list, dragTop: 1250, scrollTop: 1000, step: -1 })).toBe(1000);
  });

  test('a row out of view (the list was scrolled away) is brought back into view', () => {
    expect(followScrollTop({ ...list, dragTop: 100, scrollTop: 1000, step: 1 })).toBe(96);
    expect(followScrollTop({ ...list, dragTop: 1900, scrollTop: 0, step: -1 })).toBe(1544);
  });

  test('never beyond the ends of the list', () => {
    expect(followScrollTop({ ...list, dragTop: 2350, scrollTop: 1990, step: 1 })).toBe(2000);
    expect(followScrollTop({ ...list, dragTop: 50, scrollTop: 100, step: -1 })).toBe(0);
  });
});
