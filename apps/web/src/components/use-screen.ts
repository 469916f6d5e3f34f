import { useMatches } from '@mantine/core';

/**
 * The screen class, by the theme's breakpoints: phones below `sm` (48em), tablets below `lg` (75em),
 * desktops from there. Read at the first render, so a desktop never flashes the tablet layout.
 */
export type Screen = 'phone' | 'tablet' | 'desktop';

export function useScreen(): Screen {
  return useMatches<Screen>({ base: 'phone', sm: 'tablet', lg: 'desktop' }, { getInitialValueInEffect: false });
}
