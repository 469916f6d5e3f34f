import { useMatches } from '@mantine/core';

/**
 * The screen class, by the theme's breakpoints: phones below `sm` (48em), tablets below `lg` (75em),
 * desktops from there. Read at the first render, so a desktop never flashes the tablet layout.
 */
export type Screen = 'phone' | 'tablet' | 'desktop';

export function useScreen(): Screen {
  return useMatches<Screen>({ base: 'phone', sm: 'tablet', lg: 'desktop' }, { getInitialValueInEffect: false });
}

/** What a finger needs on a phone (Apple's 44 pt, WCAG 2.5.5); touch-targets.module.css grows buttons to it. */
export const TOUCH_TARGET_PX = 44;

/** The size of an icon button that is a main action: finger-sized on phones, `size` elsewhere. */
export function useTouchSize<S extends string | number>(size: S): S | number {
  return useScreen() === 'phone' ? TOUCH_TARGET_PX : size;
}
