/**
 * WCAG 2.1 contrast for the theme's colours: Mantine's default shades put white text on orange at
 * 2.57:1 and a light badge's text at 3.6:1; WCAG AA asks 4.5:1 of small text (issue 37).
 */

/** WCAG AA for normal-sized text. */
export const AA_TEXT = 4.5;

const channels = (hex: string): [number, number, number] => {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.1) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex)
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed with black by `amount` (0 to 1): the same hue, darker. */
export const darken = (hex: string, amount: number) => toHex(channels(hex).map((c) => c * (1 - amount)));

/**
 * The first of `shades` (lightest first) that reads on `background` at `ratio`; when none does,
 * the last one darkened in small steps until it does, so the colour keeps its hue.
 */
export function readableShade(shades: readonly string[], background: string, ratio = AA_TEXT): string {
  const found = shades.find((shade) => contrastRatio(shade, background) >= ratio);
  if (found) return found;
  let color = shades[shades.length - 1]!;
  while (contrastRatio(color, background) < ratio) color = darken(color, 0.02);
  return color;
}
