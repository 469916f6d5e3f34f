import { describe, expect, test } from 'vitest';
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
