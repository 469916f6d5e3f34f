/** The parts of a click that decide where a link opens. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on a plain link of the app's own should navigate inside the app, as react-router's
 * Link decides: a plain primary click. With a modifier (new tab, new window, download) or a middle
 * click the browser follows the href itself. For links drawn by the dozen in list rows, where a Link
 * component per row costs more than the row's own content.
 */
export const opensInApp = (click: LinkClick): boolean =>
  !click.defaultPrevented && click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;
