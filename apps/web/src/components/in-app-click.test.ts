import { describe, expect, test } from 'vitest';
import { opensInApp, type LinkClick } from './in-app-click';

const plain: LinkClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

describe('a plain link of the app', () => {
  test('a primary click without modifiers navigates inside the app', () => {
    expect(opensInApp(plain)).toBe(true);
  });

  test('new tab, new window, download and the middle button are left to the browser', () => {
    expect(opensInApp({ ...plain, metaKey: true })).toBe(false);
    expect(opensInApp({ ...plain, ctrlKey: true })).toBe(false);
    expect(opensInApp({ ...plain, shiftKey: true })).toBe(false);
    expect(opensInApp({ ...plain, altKey: true })).toBe(false);
    expect(opensInApp({ ...plain, button: 1 })).toBe(false);
  });

  test('a click another handler took is not followed again', () => {
    expect(opensInApp({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
