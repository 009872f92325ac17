import { useEffect, useRef } from 'react';

/** Spec accounts §4, §9: more results load when the sentinel is 10 percent visible. */
export const SENTINEL_THRESHOLD = 0.1;

/**
 * Calls `onVisible` each time the returned element becomes at least 10% visible while `active`. The callback is
 * read from a ref, so a new function each render does not re-create the observer.
 */
export function useSentinel<T extends Element>(active: boolean, onVisible: () => void) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= SENTINEL_THRESHOLD)) callback.current();
      },
      { threshold: SENTINEL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
