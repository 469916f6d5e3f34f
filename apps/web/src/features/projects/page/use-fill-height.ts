import { useEffect, useState, type RefObject } from 'react';

/**
 * The height from an element's top to the bottom of the window (less `bottomGap`), so that the plan
 * list and the context bar scroll on their own while the page stays put. Follows window resizes and
 * banners above that come and go. At least 60 % of the window: on a phone, where tabs and phases
 * fill the first screen, the list is still tall once the page is scrolled to it.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, bottomGap = 16): number {
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setHeight(
        Math.max(
          320,
          Math.round(window.innerHeight * 0.6),
          Math.floor(window.innerHeight - element.getBoundingClientRect().top - bottomGap),
        ),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, bottomGap]);
  return height;
}
