import { useScreen } from '../../../components/use-screen';

/**
 * Whether the project screens' side panels (context bar, receiver dashboard) float over the list as a
 * sheet: on tablets and phones there is no room for both side by side.
 */
export const useFloatingPanel = (): boolean => useScreen() !== 'desktop';
