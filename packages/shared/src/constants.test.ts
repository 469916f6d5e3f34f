import { describe, expect, test } from 'vitest';
import {
  APP_VERSION,
  CHUNK_LOAD_TIMEOUT_MS,
  ICON_TOOLTIP_DELAY_MS,
  KEY_ENTER,
  KEY_ESCAPE,
  PROJECT_LIST_PAGE_SIZE,
  RECENT_PROJECTS_KEPT,
  SOCKET_OPTIONS,
  TOAST_AUTO_CLOSE_MS,
  TOOLTIP_DELAY_MS,
  TOOLTIP_MAX_WIDTH,
} from './constants.ts';

/** The business constants of spec §9; the web and server read them from here. */
describe('spec §9 constants', () => {
  test('toasts close after 5000 ms; a page chunk fails after 120000 ms', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  test('tooltips: 800 ms hover delay, 400 ms on icons, 28rem wide', () => {
    expect([TOOLTIP_DELAY_MS, ICON_TOOLTIP_DELAY_MS, TOOLTIP_MAX_WIDTH]).toEqual([800, 400, '28rem']);
  });

  test('live-update socket: 20000 ms connect timeout, reconnecting after 1000 up to 5000 ms, randomised by 0.5', () => {
    expect(SOCKET_OPTIONS).toEqual({
      timeout: 20_000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
  });

  test('3 recent projects, 20 projects per list page', () => {
    expect([RECENT_PROJECTS_KEPT, PROJECT_LIST_PAGE_SIZE]).toEqual([3, 20]);
  });

  test('key codes Enter 13 and Escape 27; version 1.0.5', () => {
    expect([KEY_ENTER, KEY_ESCAPE, APP_VERSION]).toEqual([13, 27, '1.0.5']);
  });
});
