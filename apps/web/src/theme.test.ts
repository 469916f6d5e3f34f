import { describe, expect, test } from 'vitest';
import { theme } from './theme';

describe('theme defaults (spec §9)', () => {
  test('tooltips open after 800 ms and wrap at 28rem', () => {
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 800, maw: '28rem', multiline: true });
  });

  test('navigation bar 5rem, dashboard 33rem high', () => {
    expect(theme.other).toMatchObject({ navBarHeight: '5rem', dashboardHeight: '33rem' });
  });
});
