import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, test } from 'vitest';
import { AA_TEXT, contrastRatio, readableShade } from './contrast';
import { cssVariablesResolver, theme } from './theme';

describe('theme defaults (spec §9)', () => {
  test('tooltips open after 800 ms and wrap at 28rem', () => {
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 800, maw: '28rem', multiline: true });
  });

  test('navigation bar 5rem, dashboard 33rem high', () => {
    expect(theme.other).toMatchObject({ navBarHeight: '5rem', dashboardHeight: '33rem' });
  });
});

test('secondary (dimmed) text is dark enough for WCAG AA on white: 4.5:1 or more', () => {
  const light = cssVariablesResolver(theme as never).light['--mantine-color-dimmed']!;
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(1.05 / (luminance(light) + 0.05)).toBeGreaterThanOrEqual(4.5);
});

describe('every colour reads at WCAG AA (4.5:1, issue 37)', () => {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(resolved).light as Record<string, string>;
  const value = (name: string, variant: string, fallback: string) =>
    light[`--mantine-color-${name}-${variant}`] ?? fallback;
  const colors = Object.entries(resolved.colors);
  const shade = resolved.primaryShade as 6;

  test.each(colors)('%s: white text on the filled colour, the outline on white', (name, tuple) => {
    const filled = value(name, 'filled', tuple[shade]);
    expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(value(name, 'outline', tuple[shade]), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(value(name, 'filled-hover', tuple[7]), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  test.each(colors)('%s: a light badge’s text on its tint and the tint’s hover', (name, tuple) => {
    const text = value(name, 'light-color', tuple[9]);
    expect(contrastRatio(text, tuple[1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(text, tuple[2])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  test('a colour that reads keeps its theme shade; orange takes its darkest shade, a little darker', () => {
    expect(light['--mantine-color-brand-filled']).toBeUndefined();
    expect(light['--mantine-color-red-filled']).toBe(resolved.colors.red[8]);
    const orange = light['--mantine-color-orange-filled']!;
    expect(contrastRatio(orange, '#ffffff')).toBeLessThan(AA_TEXT + 0.3);
  });
});

test('contrast ratios as WCAG 2.1 computes them', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#fd7e14', '#ffffff')).toBeCloseTo(2.57, 2);
  expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  expect(readableShade(['#868e96', '#495057'], '#ffffff')).toBe('#495057');
});
