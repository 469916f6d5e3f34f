import {
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import { TOOLTIP_DELAY_MS, TOOLTIP_MAX_WIDTH } from '@plankurier/shared';
import { darken, readableShade } from './contrast';
import touchTargets from './touch-targets.module.css';

/** A calm blue: primary actions, links, focus rings. */
const brand: MantineColorsTuple = [
  '#e8f1fc',
  '#d2e2f6',
  '#a5c3ec',
  '#74a2e2',
  '#4c86d9',
  '#3374d4',
  '#1c6fd1',
  '#135bb0',
  '#0a4f9c',
  '#00448a',
];

const systemFonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '600' },
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  defaultRadius: 'sm',
  /** 4px grid: every spacing step is a multiple of 4px. */
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  focusRing: 'auto',
  cursorType: 'pointer',
  other: {
    navBarHeight: '5rem',
    dashboardHeight: '33rem',
  },
  components: {
    Tooltip: {
      defaultProps: { openDelay: TOOLTIP_DELAY_MS, maw: TOOLTIP_MAX_WIDTH, multiline: true, withArrow: true },
    },
    // Finger-sized on phones (touch-targets.module.css), for every kind of field.
    Input: { classNames: { wrapper: touchTargets.input } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    // Finger-sized on phones (touch-targets.module.css).
    Button: { defaultProps: { size: 'sm' }, classNames: { root: touchTargets.button } },
  },
});

/**
 * The theme in a language: a dialog's or drawer's × button is named ('Schließen'), which Mantine
 * leaves unnamed (axe 'button-name', critical; issue 37).
 */
export const localizedTheme = (closeLabel: string) =>
  mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });

/** One meaning per colour everywhere (UI.md "State colours"). */
export const STATE_COLORS = {
  toSend: 'red',
  sent: 'green',
  nothingToSend: 'gray',
  warning: 'orange',
} as const;

/**
 * Secondary ("dimmed") text a shade darker than Mantine's gray 6 (3.3:1 on white): 5.9:1 on white
 * and on the lists' gray backgrounds, which WCAG AA asks of small text (axe, issue 20).
 */
export const DIMMED_TEXT = '#5c636a';
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT, ...readableColorVariables(resolved) },
  dark: {},
});

/**
 * Every colour's filled, outline and light variants as Mantine's CSS variables, at 4.5:1 or more
 * (WCAG AA, issue 37): white text on the filled colour (the orange 'Versand' button was 2.57:1), the
 * outline's text on white, and a light badge's text on its tint (3.6:1 before). A colour keeps its
 * theme shade when that reads; otherwise the next darker shade that does, or its darkest one darkened.
 */
export function readableColorVariables({ colors, primaryShade }: MantineTheme): Record<string, string> {
  const shade = typeof primaryShade === 'number' ? primaryShade : primaryShade.light;
  const variables: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(colors)) {
    if (!Array.isArray(tuple) || !tuple.every((c) => /^#[0-9a-f]{6}$/i.test(c))) continue;
    const filled = readableShade(tuple.slice(shade), '#ffffff');
    if (filled !== tuple[shade]) {
      variables[`--mantine-color-${name}-filled`] = filled;
      variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      variables[`--mantine-color-${name}-outline`] = filled;
    }
    // the light variant's text, on its tint (shade 1) and the tint's hover (shade 2)
    const lightColor = readableShade([tuple[9]], tuple[2]);
    if (lightColor !== tuple[9]) variables[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return variables;
}
