import { expect, test, type Locator, type Page } from '@playwright/test';

/** The widths every screen must work at (brief 'UI'), each with a device's window height. */
export const SCREENS = {
  desktop: { width: 1440, height: 900 },
  laptop: { width: 1024, height: 768 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;
export type ScreenName = keyof typeof SCREENS;

/** The narrowest phone a page must still fit (issue 20: no sideways scrolling from 360 px up). */
export const NARROWEST_PHONE = 360;
/** What a finger needs on a phone (Apple's 44 pt, WCAG 2.5.5). */
export const TOUCH_TARGET = 44;

interface SidewaysReport {
  scrollWidth: number;
  innerWidth: number;
  /** What reaches past the window's right edge outside any scrolling or clipping box. */
  culprits: string[];
}

function sideways(page: Page): Promise<SidewaysReport> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    const walk = (el: Element, clipped: boolean) => {
      const rect = el.getBoundingClientRect();
      const clips = el !== document.body && getComputedStyle(el).overflowX !== 'visible';
      // its box, or the text inside it (a long word does not wrap), reaches past the window's edge
      const right = Math.max(rect.right, clips ? 0 : rect.left + el.scrollWidth);
      if (!clipped && el !== document.body && rect.width > 0 && right > innerWidth + 1) {
        const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.className.toString();
        const text = (el.textContent ?? '').trim().slice(0, 40);
        culprits.push(`<${el.tagName.toLowerCase()} ${name.slice(0, 50)}> to ${Math.round(right)} px "${text}"`);
      }
      for (const child of Array.from(el.children)) walk(child, clipped || clips);
    };
    walk(document.body, false);
    // the innermost ones name the cause; their ancestors only carry it
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(-8) };
  });
}

/**
 * The screen as it is now: a full-page screenshot into the test's output folder
 * (test-results/<test>/<width>-<screen>.png) to look at, and the page does not scroll sideways. A
 * phone's screen is checked at the narrowest phone's width too, then given its width back. Soft: a
 * journey goes on to its other screens and reports every one that fails.
 */
export async function checkScreen(page: Page, screen: string) {
  const size = page.viewportSize()!;
  await shootAndMeasure(page, screen);
  if (size.width >= SCREENS.tablet.width) return;
  await page.setViewportSize({ width: NARROWEST_PHONE, height: size.height });
  await shootAndMeasure(page, screen);
  await page.setViewportSize(size);
}

async function shootAndMeasure(page: Page, screen: string) {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(done))));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: test.info().outputPath(`${width}-${screen}.png`), fullPage: true });
  const report = await sideways(page);
  expect
    .soft(report.scrollWidth, `${screen} scrolls sideways at ${width} px; sticking out: ${report.culprits.join(' | ')}`)
    .toBeLessThanOrEqual(report.innerWidth);
}

/** A main action a finger hits on a phone: at least 44 px each way. */
export async function expectTouchTarget(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect.soft(box, `${what}: on screen`).not.toBeNull();
  if (!box) return;
  expect.soft(Math.round(box.height), `${what}: height`).toBeGreaterThanOrEqual(TOUCH_TARGET);
  expect.soft(Math.round(box.width), `${what}: width`).toBeGreaterThanOrEqual(TOUCH_TARGET);
}

/**
 * Everything inside the element stays inside its box (nothing cut off or spilling over the rows
 * around it); text that ends in an ellipsis on purpose is inside too.
 */
export async function expectContentInside(locator: Locator, what: string) {
  const spills = await locator.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const out: string[] = [];
    for (const el of Array.from(box.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (
        rect.left < outer.left - 1 ||
        rect.right > outer.right + 1 ||
        rect.top < outer.top - 1 ||
        rect.bottom > outer.bottom + 1
      ) {
        const by = [
          ['left', outer.left - rect.left],
          ['right', rect.right - outer.right],
          ['top', outer.top - rect.top],
          ['bottom', rect.bottom - outer.bottom],
        ]
          .filter(([, px]) => (px as number) > 1)
          .map(([side, px]) => `${side} ${Math.round(px as number)} px`);
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.tagName.toLowerCase()} "${name}" (${by.join(', ')})`);
      }
    }
    return out.slice(0, 5);
  });
  expect.soft(spills, `${what}: content outside its box`).toEqual([]);
}

/** A button shows its whole label (Mantine cuts a label that does not fit). */
export async function expectLabelNotCut(button: Locator, what: string) {
  const cut = await button.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    return label.scrollWidth > label.clientWidth + 1;
  });
  expect.soft(cut, `${what}: label cut off`).toBe(false);
}

/** The element lies within the window's width (it may reach below the fold). */
export async function expectWithinWidth(page: Page, locator: Locator, what: string) {
  const box = (await locator.boundingBox())!;
  const { width } = page.viewportSize()!;
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** Another person's own device at the same size (or a visitor's, without an account). */
export async function ownDevice(page: Page, size: { width: number; height: number }): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: size });
  return context.newPage();
}
