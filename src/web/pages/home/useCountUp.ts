import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

const durationMs = 1500;

/** Eases out, so the count slows as it nears its number. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number that counts up from 0 to `target` over about 1.5 s, one step per frame, once, when
 * the element given `ref` first comes into view. Until then it is `target` itself: the server's
 * page (read without scripts, and by search engines) holds the real number, and a count played
 * below the fold while the page loads would be seen by no one. Readers who prefer reduced motion
 * get the number alone.
 */
export function useCountUp<E extends Element>(target: number) {
  const reduceMotion = usePrefersReducedMotion();
  const ref = useRef<E>(null);
  const played = useRef(false);
  // Null: the number itself.
  const [counted, setCounted] = useState<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (reduceMotion || played.current || !element) return;
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      played.current = true;
      let start: number | undefined;
      const step = (now: number) => {
        start ??= now;
        const progress = Math.min((now - start) / durationMs, 1);
        setCounted(progress < 1 ? Math.round(target * easeOutCubic(progress)) : null);
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      setCounted(0);
      frame = requestAnimationFrame(step);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      // A new number in the middle of the count (the statistics read again): show it at once.
      if (frame) {
        cancelAnimationFrame(frame);
        setCounted(null);
      }
    };
  }, [target, reduceMotion]);

  return { ref, shown: reduceMotion || counted === null ? target : counted };
}
