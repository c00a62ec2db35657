import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

const durationMs = 1500;

/** Eases out, so the count slows as it nears its number. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number that counts up from 0 to `target` over about 1.5 s, one step per frame; at once for
 * readers who prefer reduced motion.
 */
export function useCountUp(target: number): number {
  const reduceMotion = usePrefersReducedMotion();
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (reduceMotion) return;
    let frame = 0;
    let start: number | undefined;
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min((now - start) / durationMs, 1);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, reduceMotion]);

  return reduceMotion ? target : value;
}
