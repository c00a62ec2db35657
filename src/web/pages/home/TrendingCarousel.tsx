import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Article } from '#shared/articles';
import { ArticleCard } from '#web/components/articles/ArticleCard';
import { cardImagePriority } from '#web/components/articles/ArticleImage';
import { useStartWhenIdle } from '#web/hooks/useStartWhenIdle';
import { useLazyCarousel } from './useLazyCarousel';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

/** Spec: 3 cards at a time, 2 below 1024 px, 1 below 600 px. */
export const slideClass =
  'min-w-0 shrink-0 grow-0 basis-full snap-start pl-4 min-[600px]:basis-1/2 lg:basis-1/3';

/** A slide's card width: the page column (page-wrap) plus the track's 1rem overhang, in one,
 * two or three slides, less each slide's 1rem padding. */
const slideImageSizes =
  '(min-width: 80rem) 395px, (min-width: 64rem) calc((100vw - 6rem) / 3), ' +
  '(min-width: 40rem) calc((100vw - 4rem) / 2), (min-width: 600px) calc((100vw - 3rem) / 2), ' +
  'calc(100vw - 2rem)';

const controlClass =
  'inline-flex size-9 items-center justify-center rounded-full border border-ink bg-surface text-ink transition-colors hover:bg-ink hover:text-paper disabled:opacity-60';

/**
 * The trending articles in an endless carousel (Embla) that moves on by itself. It stops while
 * the pointer is over it or focus is inside it, when the reader presses Pause, and never moves
 * by itself for readers who prefer reduced motion. Marked up as the WAI-ARIA carousel pattern.
 * Embla starts once the page is idle after hydration, or as soon as the pointer or focus comes to
 * the carousel: its start measures every slide, and in hydration's commit it lengthened the
 * longest task of the home page's load. Its code is fetched then too (useLazyCarousel).
 */
export function TrendingCarousel({
  articles,
  labelledBy,
}: {
  articles: Article[];
  labelledBy: string;
}) {
  const reduceMotion = usePrefersReducedMotion();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [started, start] = useStartWhenIdle();
  const { emblaApi, autoplay } = useLazyCarousel(viewport, started, reduceMotion);

  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const shouldPlay = !reduceMotion && !paused && !hovered && !focused;

  // Previous and Next pressed before Embla started (a click that came with the pointer): made
  // once it has.
  const pendingMoves = useRef(0);

  useEffect(() => {
    if (!emblaApi) return;
    // A reader who scrolled the cards before Embla started stays on the card they reached.
    const viewport = emblaApi.rootNode();
    const slideWidth = emblaApi.slideNodes()[0]?.offsetWidth;
    let reached = 0;
    if (viewport.scrollLeft > 0 && slideWidth) {
      reached = Math.round(viewport.scrollLeft / slideWidth);
      viewport.scrollLeft = 0;
      emblaApi.scrollTo(reached, true);
    }
    if (pendingMoves.current !== 0) {
      const snaps = emblaApi.scrollSnapList().length;
      emblaApi.scrollTo((((reached + pendingMoves.current) % snaps) + snaps) % snaps);
      pendingMoves.current = 0;
    }
    const update = () => {
      setSelected(emblaApi.selectedScrollSnap());
      setSnapCount(emblaApi.scrollSnapList().length);
    };
    update();
    emblaApi.on('select', update).on('reInit', update);
    return () => {
      emblaApi.off('select', update).off('reInit', update);
    };
  }, [emblaApi]);

  // The plugin restarts itself when a drag ends; this puts it back to what the reader chose.
  const shouldPlayRef = useRef(shouldPlay);
  useEffect(() => {
    shouldPlayRef.current = shouldPlay;
    if (!emblaApi || !autoplay) return;
    const apply = () => {
      if (shouldPlayRef.current) autoplay.play();
      else autoplay.stop();
    };
    apply();
    emblaApi.on('pointerUp', apply).on('reInit', apply);
    return () => {
      emblaApi.off('pointerUp', apply).off('reInit', apply);
    };
  }, [emblaApi, autoplay, shouldPlay]);

  const move = useCallback(
    (by: 1 | -1) => {
      if (!emblaApi) {
        pendingMoves.current += by;
        start();
      } else if (by === 1) emblaApi.scrollNext();
      else emblaApi.scrollPrev();
    },
    [emblaApi, start],
  );

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      onPointerEnter={start}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        start();
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        {!reduceMotion && (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            className={controlClass}
            aria-label={paused ? 'Start automatic slide show' : 'Stop automatic slide show'}
          >
            {paused ? (
              <Play aria-hidden className="size-4" />
            ) : (
              <Pause aria-hidden className="size-4" />
            )}
          </button>
        )}
        <button
          type="button"
          onClick={() => move(-1)}
          className={controlClass}
          aria-label="Previous slide"
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          onClick={() => move(1)}
          className={controlClass}
          aria-label="Next slide"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>

      {/* Moving slides are not read out while they move by themselves, only when the reader
          moves them. */}
      <div
        ref={setViewport}
        // Until Embla moves the slides (and for readers without JavaScript), they scroll
        // sideways by themselves, a card at a time, so every card can be reached.
        className={
          emblaApi
            ? 'overflow-hidden'
            : 'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]'
        }
        aria-live={shouldPlay ? 'off' : 'polite'}
      >
        <div className="-ml-4 flex touch-pan-y">
          {articles.map((article, index) => (
            <div
              key={article._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${articles.length}`}
              className={slideClass}
            >
              <ArticleCard
                article={article}
                sentences={1}
                headingLevel="h3"
                imagePriority={cardImagePriority(index)}
                imageSizes={slideImageSizes}
              />
            </div>
          ))}
        </div>
      </div>

      {/* The dots' row has its height before Embla starts, so nothing below moves then. */}
      <div className="mt-5 flex min-h-5 justify-center gap-1">
        {snapCount > 1 &&
          Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => emblaApi?.scrollTo(index)}
              aria-label={`Show slide ${index + 1} of ${snapCount}`}
              aria-current={index === selected ? 'true' : undefined}
              className="group p-1.5"
            >
              <span
                className={clsx(
                  'block h-2 rounded-full transition-all',
                  index === selected ? 'w-6 bg-accent' : 'w-2 bg-ink/30 group-hover:bg-ink/60',
                )}
              />
            </button>
          ))}
      </div>
    </div>
  );
}
