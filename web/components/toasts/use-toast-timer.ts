import { useEffect, useRef } from 'react';

/**
 * Calls onExpire after `duration` ms of unpaused time: pausing keeps what was left, resuming continues from it
 * (spec §9: hover or focus on the region pauses the timer).
 */
export function useToastTimer(duration: number, paused: boolean, onExpire: () => void) {
  const remaining = useRef(duration);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => expire.current(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, duration]);
}
