import { expect, test, type Locator, type Page } from '@playwright/test';

/** The widths every screen must work at (brief 'UI'), each with a device's window height. */
export const SCREENS = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;
export type ScreenName = keyof typeof SCREENS;

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
      if (!clipped && rect.width > 0 && rect.right > innerWidth + 1 && culprits.length < 8) {
        const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.className.toString();
        const text = (el.textContent ?? '').trim().slice(0, 40);
        culprits.push(`<${el.tagName.toLowerCase()} ${name.slice(0, 50)}> to ${Math.round(rect.right)} px "${text}"`);
      }
      const clips = el !== document.body && getComputedStyle(el).overflowX !== 'visible';
      for (const child of Array.from(el.children)) walk(child, clipped || clips);
    };
    walk(document.body, false);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
}

/**
 * The screen as it is now: a full-page screenshot into the test's output folder
 * (test-results/<test>/<width>-<screen>.png) to look at, and the page does not scroll sideways. Soft:
 * a journey goes on to its other screens and reports every one that fails.
 */
export async function checkScreen(page: Page, screen: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: test.info().outputPath(`${width}-${screen}.png`), fullPage: true });
  const report = await sideways(page);
  expect
    .soft(report.scrollWidth, `${screen} scrolls sideways at ${width} px; sticking out: ${report.culprits.join(' | ')}`)
    .toBeLessThanOrEqual(report.innerWidth);
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
        out.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
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
