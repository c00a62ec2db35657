import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { AutoplayType } from 'embla-carousel-autoplay';
import { useEffect, useRef, useState } from 'react';

/** Spec: the carousel moves on every 2 seconds. */
const autoplayDelayMs = 2000;

const options: EmblaOptionsType = { loop: true, align: 'start' };

interface Running {
  emblaApi: EmblaCarouselType;
  autoplay: AutoplayType;
}

export interface LazyCarousel {
  emblaApi: EmblaCarouselType | undefined;
  /** Undefined until Embla runs, and while the reader prefers reduced motion. */
  autoplay: AutoplayType | undefined;
}

/**
 * Embla on `viewport` once `started`, its code fetched only then: the carousel's library was a
 * third of the home page's own script, and every reader downloaded and parsed it before the page
 * could hydrate, though the slides scroll by themselves until it starts. Autoplay is plugged in
 * unless the reader prefers reduced motion, and taken out or put back if that preference changes.
 */
export function useLazyCarousel(
  viewport: HTMLElement | null,
  started: boolean,
  reduceMotion: boolean,
): LazyCarousel {
  const [running, setRunning] = useState<Running>();
  // Read when Embla starts; which plugins it runs with is kept beside it.
  const reduceMotionRef = useRef(reduceMotion);
  const autoplaying = useRef(false);
  useEffect(() => {
    reduceMotionRef.current = reduceMotion;
  }, [reduceMotion]);

  useEffect(() => {
    if (!started || !viewport) return;
    let made: Running | undefined;
    let cancelled = false;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (cancelled) return;
        const autoplay = Autoplay({
          delay: autoplayDelayMs,
          // Playing and stopping is the carousel's to decide (pause, hover, focus).
          playOnInit: false,
          stopOnInteraction: false,
          stopOnMouseEnter: false,
          stopOnFocusIn: false,
        });
        autoplaying.current = !reduceMotionRef.current;
        const plugins = autoplaying.current ? [autoplay] : [];
        made = { emblaApi: EmblaCarousel(viewport, options, plugins), autoplay };
        setRunning(made);
      },
      // Its code did not arrive (the network, a deploy in between): the slides still scroll
      // sideways by themselves, as before it starts.
      () => undefined,
    );
    return () => {
      cancelled = true;
      made?.emblaApi.destroy();
      setRunning(undefined);
    };
  }, [viewport, started]);

  // A change of preference while Embla runs: the same carousel, with or without autoplay.
  useEffect(() => {
    if (!running || autoplaying.current === !reduceMotion) return;
    autoplaying.current = !reduceMotion;
    running.emblaApi.reInit(options, reduceMotion ? [] : [running.autoplay]);
  }, [running, reduceMotion]);

  return {
    emblaApi: running?.emblaApi,
    autoplay: running && !reduceMotion ? running.autoplay : undefined,
  };
}
