/**
 * The system's "reduce motion" setting (prefers-reduced-motion), read each time an animation would start, so a change
 * in the system's settings applies to the next one. Where there is no such setting (Node, an old browser) motion is
 * not reduced.
 */
export function reducedMotionPreference(): () => boolean {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  return () => query?.matches ?? false;
}
