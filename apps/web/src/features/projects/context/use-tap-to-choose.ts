import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether files are chosen by tapping rather than dragged from a desktop: touch screens and phones
 * (a phone has no desktop to drag from), so the drop zone's words say "tippen", not "ziehen".
 */
export function useTapToChoose(): boolean {
  return useMediaQuery('(pointer: coarse), (max-width: 48em)', false, { getInitialValueInEffect: false });
}
