import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';

type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * The home page's three carousels (SPEC §9). How many slides show at each width lives in home.css
 * (`.carousel--<variant> { --per-view }`), so the server's HTML already has the right layout before Embla
 * hydrates; Embla only moves the track.
 *
 * Embla's `duration` is not in milliseconds: each 60 Hz frame the track's velocity gains distance/duration
 * and keeps 68% of itself. With duration 22 a slide reaches 99% of its way in about 570 ms and 99.5% in about
 * 630 ms, the nearest match for §9's "speed 600 ms" (25, Embla's default, takes about 700 ms).
 */
const VARIANTS = {
  /** §9 Trending: infinite, speed 600 ms, 3 visible (1 at ≤768 px), arrows, no dots. */
  trending: { loop: true, duration: 22 },
  /** §9 Bestselling: not infinite, 6 visible; 4 at ≤1200 px, 3 at ≤992 px, 2 at ≤768 px, 1 at ≤576 px. */
  bestselling: { loop: false },
  /** §9 Exclusive offers: infinite, 4 visible; 3 at ≤992 px, 2 at ≤768 px, 1 at ≤480 px. */
  offers: { loop: true },
} satisfies Record<string, EmblaOptions>;

export type CarouselVariant = keyof typeof VARIANTS;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

interface CarouselProps {
  variant: CarouselVariant;
  /** The carousel's accessible name, e.g. 'Trending categories'; the arrows say 'Previous …' and 'Next …'. */
  label: string;
  slides: readonly React.ReactNode[];
  /** A key per slide, in slide order. */
  slideKeys: readonly string[];
}

/**
 * An accessible carousel (WAI-ARIA APG "carousel" pattern, no autoplay): a labelled region, slides labelled
 * "n of m", previous and next buttons (disabled at the ends unless it loops: aria-disabled, so a keyboard
 * user who reaches the end keeps focus on the button), arrow keys, and a polite
 * announcement of the slides shown after each move.
 */
export function Carousel({ variant, label, slides, slideKeys }: CarouselProps) {
  const preset = VARIANTS[variant];
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    ...preset,
    // Whoever asks for less motion gets the new slides at once instead of a glide.
    breakpoints: { [REDUCED_MOTION]: { duration: 0 } },
  });
  const [edges, setEdges] = useState({ canPrev: preset.loop, canNext: true });
  const [ready, setReady] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const count = slides.length;

  useEffect(() => {
    if (!api) return;
    const sync = () => setEdges({ canPrev: api.canScrollPrev(), canNext: api.canScrollNext() });
    const announce = () => {
      const first = api.selectedScrollSnap();
      const slideWidth = api.slideNodes()[0]?.getBoundingClientRect().width ?? 0;
      const perView = slideWidth > 0 ? Math.max(1, Math.round(api.rootNode().getBoundingClientRect().width / slideWidth)) : 1;
      const shown = Array.from({ length: Math.min(perView, count) }, (_, i) => ((first + i) % count) + 1);
      setAnnouncement(
        shown.length === 1 ? `Showing slide ${shown[0]} of ${count}` : `Showing slides ${shown.join(', ')} of ${count}`,
      );
    };
    sync();
    setReady(true);
    api.on('select', sync).on('reInit', sync).on('select', announce);
    return () => {
      api.off('select', sync).off('reInit', sync).off('select', announce);
    };
  }, [api, count]);

  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') prev();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };

  const noun = label.charAt(0).toLowerCase() + label.slice(1);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`carousel carousel--${variant}`}
      data-ready={ready ? 'true' : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-arrow carousel-arrow--prev"
          aria-label={`Previous ${noun}`}
          onClick={prev}
          aria-disabled={!edges.canPrev}
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className="carousel-arrow carousel-arrow--next"
          aria-label={`Next ${noun}`}
          onClick={next}
          aria-disabled={!edges.canNext}
        >
          <Chevron direction="right" />
        </button>
      </div>
      <div className="carousel-viewport" ref={viewportRef}>
        <div className="carousel-track">
          {slides.map((slide, index) => (
            <div
              key={slideKeys[index]}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
