/** Business constants of spec §9. */
export const APP_VERSION = '1.0.5';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const RECENT_PROJECTS_KEPT = 3;
/** Projects per page of the project list. */
export const PROJECT_LIST_PAGE_SIZE = 20;
export const SOCKET_OPTIONS = {
  timeout: 20_000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;
export const TOOLTIP_DELAY_MS = 800;
export const ICON_TOOLTIP_DELAY_MS = 400;
/** Tooltips wrap at this width. */
export const TOOLTIP_MAX_WIDTH = '28rem';
export const KEY_ENTER = 13;
export const KEY_ESCAPE = 27;
